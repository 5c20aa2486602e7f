// What bytes are, told from the first of them (never from a name) by the `file-type` package: the one sniffer of
// the upload's rule (stored-content.server.ts), of the entries inside an archive and of the worker's check
// (decision 2561). Only the kinds the rules tell apart are kept; anything else is text or binary by the NUL rule.
import { fileTypeFromBuffer } from 'file-type'
import type { ContentKind } from './file-content.ts'

/** file-type's extensions of the ZIP containers: OOXML and OpenDocument files, EPUB, Java and Android archives… */
const ZIP_CONTAINERS = [
  'zip', 'docx', 'docm', 'dotx', 'dotm', 'xlsx', 'xlsm', 'xltx', 'xltm', 'pptx', 'pptm', 'ppsx', 'ppsm', 'potx', 'potm',
  'vsdx', 'odt', 'ott', 'ods', 'ots', 'odp', 'otp', 'odg', 'otg', 'epub', '3mf', 'jar', 'apk', 'xpi',
] as const

const KINDS: Readonly<Record<string, ContentKind>> = {
  // An Adobe Illustrator file is a PDF with private data.
  pdf: 'pdf',
  ai: 'pdf',
  // The OLE2 compound file of DOC and XLS.
  cfb: 'ole2',
  // Windows (MZ), Linux (ELF), macOS (Mach-O, both byte orders and fat), Java classes.
  exe: 'executable',
  elf: 'executable',
  macho: 'executable',
  class: 'executable',
  ...Object.fromEntries(ZIP_CONTAINERS.map((ext) => [ext, 'zip' as const])),
}

/** The kind of a file whose first bytes (up to SNIFF_BYTES) are `head`. */
export async function sniffContent(head: Uint8Array): Promise<ContentKind> {
  if (head.length === 0) return 'empty'
  // To tell one ZIP container from another, file-type inflates the first entry. Node 24 refuses a damaged deflate
  // stream ("Trailing junk found after the end of the compressed stream") where Node 20 ended it quietly: a file
  // that opens as a ZIP and breaks there is a ZIP, and the archive's guard then names what is broken in it.
  const found = await fileTypeFromBuffer(head).catch((error: unknown) => {
    if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return { ext: 'zip' as const }
    throw error
  })
  if (found && Object.hasOwn(KINDS, found.ext)) return KINDS[found.ext]
  // file-type knows no scripts: a #! line makes a text file a program to the system that runs it.
  if (head[0] === 0x23 && head[1] === 0x21) return 'executable'
  // What file-type takes for a picture or a sound may be text that happens to start like one ("BM…", "яы…" in
  // Windows-1251): text (UTF-8 or a single-byte Cyrillic code page) has no NUL byte.
  return head.includes(0) ? 'binary' : 'text'
}
