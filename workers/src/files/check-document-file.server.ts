// Checks a document report file (final report, programme): its real type must be an allowed one, and it is not empty.
import path from 'node:path'
import { refuseProgramsInside } from './archive-contents.server.ts'
import { detectFileKind, KIND_TITLES, type FileKind } from './file-signature.server.ts'
import { FileRejected, type Problem } from './file-problem.ts'

const ALLOWED: readonly FileKind[] = ['pdf', 'docx', 'xlsx', 'zip', 'ole2']

/** Extensions each real type may carry: a renamed file (an .exe called .pdf) is refused. */
const EXTENSIONS: Record<string, readonly FileKind[]> = {
  '.pdf': ['pdf'],
  '.docx': ['docx'],
  '.xlsx': ['xlsx'],
  '.zip': ['zip', 'docx', 'xlsx'],
  '.doc': ['ole2'],
  '.xls': ['ole2'],
}

const ALLOWED_DOCUMENTS = 'PDF, DOC, DOCX, XLS, XLSX или ZIP'

export async function checkDocumentFile(filePath: string, originalName: string): Promise<{ ok: boolean; problems: Problem[] }> {
  let kind: FileKind
  try {
    kind = await detectFileKind(filePath)
  } catch (error) {
    if (error instanceof FileRejected) return { ok: false, problems: [error.toProblem()] }
    throw error
  }
  if (kind === 'empty') return { ok: false, problems: [{ reason: 'файл пуст (0 байт)' }] }
  if (!ALLOWED.includes(kind)) {
    return { ok: false, problems: [{ reason: `недопустимый тип файла: ожидается ${ALLOWED_DOCUMENTS}` }] }
  }
  const extension = path.extname(originalName).toLowerCase()
  const fits = EXTENSIONS[extension]
  if (fits && !fits.includes(kind)) {
    return { ok: false, problems: [{ reason: `расширение ${extension} не соответствует содержимому файла (${KIND_TITLES[kind]})` }] }
  }
  // A ZIP container is looked into with the rules of a single file (DOCX and XLSX are ZIPs too).
  if (kind === 'zip' || kind === 'docx' || kind === 'xlsx') {
    try {
      await refuseProgramsInside(filePath)
    } catch (error) {
      if (error instanceof FileRejected) return { ok: false, problems: [error.toProblem()] }
      throw error
    }
  }
  return { ok: true, problems: [] }
}
