// Reads a multipart request part by part (the plugin is registered with throwFileSizeLimit: false): text fields into an object, files streamed to storage (never whole in memory).
import type { FastifyRequest } from 'fastify'
import { HttpError, badRequest, controlCharacterAt } from '@portal/workflow-domain/views.ts'
import { isStorageFault } from '@portal/workflow-platform/faults.ts'
import { cleanFileName, newStorageKey, removeStoredFile, storeFile } from '@portal/workflow-domain/commands.server.ts'
import type { StoredUpload } from '@portal/workflow-domain/commands.server.ts'

export const tooLargeMessage = (maxMb: number) => `Максимальный размер загружаемого файла ${maxMb} Мб`

export interface MultipartForm {
  fields: Record<string, string>
  files: Array<StoredUpload & { field: string }>
  /** Removes the stored files again: the command that was to own them was refused. */
  discard(): Promise<void>
}

export async function readMultipartForm(
  request: FastifyRequest,
  options: { storageDir: string; maxUploadMb: number; fileFields: string[]; maxFiles: number },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest(`${options.fileFields[0]}: ожидается multipart/form-data`, options.fileFields[0])
  const maxBytes = options.maxUploadMb * 1024 * 1024
  // Refused before a byte is read when the request says it is far too large. The limit is per file: a request of
  // several files may be as large as all of them together (each is cut off at the limit as it is read).
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > maxBytes * options.maxFiles + 1024 * 1024) throw new HttpError(413, tooLargeMessage(options.maxUploadMb))

  const fields: Record<string, string> = {}
  const files: MultipartForm['files'] = []
  const discard = async () => {
    await Promise.all(files.map((f) => removeStoredFile(options.storageDir, f.storageKey)))
  }
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: options.maxFiles, fields: 20, fieldSize: 64 * 1024 },
    })
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value ?? '')
        // Text a person typed has no control characters; PostgreSQL cannot even store NUL.
        if (controlCharacterAt(value, true) >= 0) throw badRequest(`${part.fieldname}: недопустимые управляющие символы`, part.fieldname)
        fields[part.fieldname] = value
        continue
      }
      if (!options.fileFields.includes(part.fieldname)) {
        part.file.resume()
        throw badRequest(`${part.fieldname}: неизвестное поле`, part.fieldname)
      }
      const storageKey = newStorageKey()
      const { size, sha256 } = await storeFile(options.storageDir, storageKey, part.file)
      const upload = { field: part.fieldname, storageKey, name: cleanFileName(part.filename), size, sha256, contentType: part.mimetype || 'application/octet-stream' }
      files.push(upload)
      if (part.file.truncated) throw new HttpError(413, tooLargeMessage(options.maxUploadMb))
    }
  } catch (error) {
    await discard()
    if (error instanceof HttpError) throw error
    // A full or failing disk is the server's fault, answered 507 by the error handler: never a broken form.
    if (isStorageFault(error)) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_FILES_LIMIT') throw badRequest(`${options.fileFields[0]}: слишком много файлов`, options.fileFields[0])
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('слишком много полей формы')
    throw badRequest(`${options.fileFields[0]}: повреждённые данные формы`, options.fileFields[0])
  }
  return { fields, files, discard }
}
