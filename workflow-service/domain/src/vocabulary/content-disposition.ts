// The header that names a file a reply sends: stored files, exports, templates and archives all go out under one,
// so it lives with the HTTP helpers rather than with any one of them.
/** Content-Disposition with the original (Cyrillic) name: an ASCII fallback and the UTF-8 name of RFC 5987. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file'
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
