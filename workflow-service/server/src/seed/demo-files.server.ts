// The files that demo records link to (`/files/demo/<type>/<field>.<pdf|jpg>`): made in code at seed time, read back safely.
import { chmod, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_FILE_MODE, privateFolder } from '@portal/workflow-domain/commands.server.ts'

export const DEMO_FILES_URL = '/files/demo'
export const DEMO_TYPE_PATTERN = '^[a-z0-9-]{1,80}$'
export const DEMO_FILE_PATTERN = '^[a-z0-9_]{1,80}\\.(pdf|jpg)$'

/** The link a demo record carries: one file per type and field, so seeding writes tens of files, not thousands. */
export function demoFileUrl(typeSlug: string, fieldName: string): string {
  const extension = fieldName.includes('photo') || fieldName === 'map' ? 'jpg' : 'pdf'
  return `${DEMO_FILES_URL}/${typeSlug}/${fieldName}.${extension}`
}

/** A one-page PDF with a line of ASCII text (the base font has no Cyrillic); the cross-reference offsets are computed so readers open it without repair. */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '')
  const stream = `BT /F1 14 Tf 56 780 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** A 1×1 grey baseline JPEG (the smallest picture a browser shows as a photo). */
const JPEG_1X1 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA='

export function demoJpeg(): Buffer {
  return Buffer.from(JPEG_1X1, 'base64')
}

/** The absolute path of a demo file, or null when the names would lead outside the demo folder. */
export function demoFilePath(storageDir: string, typeSlug: string, fileName: string): string | null {
  if (!new RegExp(DEMO_TYPE_PATTERN).test(typeSlug) || !new RegExp(DEMO_FILE_PATTERN).test(fileName)) return null
  const root = path.resolve(storageDir, 'demo')
  const target = path.resolve(root, typeSlug, fileName)
  // The patterns already exclude '/' and '..'; the prefix check keeps that true if they are ever loosened.
  return target.startsWith(root + path.sep) ? target : null
}

/** Writes the file a demo link names (a PDF with the link's title, or the JPEG) under the storage folder. */
export async function writeDemoFile(storageDir: string, url: string, title: string): Promise<void> {
  const [typeSlug, fileName] = url.slice(DEMO_FILES_URL.length + 1).split('/')
  const target = demoFilePath(storageDir, typeSlug, fileName)
  if (!target) throw new Error(`not a demo file link: ${url}`)
  await privateFolder(storageDir, path.dirname(target))
  await writeFile(target, fileName.endsWith('.jpg') ? demoJpeg() : demoPdf(title), { mode: PRIVATE_FILE_MODE })
  await chmod(target, PRIVATE_FILE_MODE)
}
