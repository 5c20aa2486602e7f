// The reports page's multipart forms (a holder's upload, the Department's decision with files), read part by part:
// each file goes to storage as it arrives (never whole in memory here), cut off at MAX_UPLOAD_MB, and reaches the
// use-case as a stored upload, as the API's do. A refused command removes what was stored. The web server hands the
// body over as a stream, after it has read the form's first field, the CSRF token (auth-plugin.server.ts).
import { Readable } from 'node:stream'
import type { AppLoadContext } from '@remix-run/node'
import { unstable_parseMultipartFormData } from '@remix-run/node'
import type { StoredUpload } from '@portal/workflow-domain/commands.server.ts'

export class TooLargeUpload extends Error {}

export interface PageForm {
  form: FormData
  files: StoredUpload[]
  /** Removes the stored files (the command that was to own them was refused, or did not run). */
  discard(): Promise<void>
}

const FILE_FIELDS = new Set(['file', 'files'])
const FIELD_LIMIT = 200_000
// All text fields together: they are kept in memory, so a form of many fields cannot grow the process either.
const FIELDS_LIMIT = 1_000_000

export async function readPageForm(request: Request, context: AppLoadContext): Promise<PageForm> {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    return { form: await request.formData(), files: [], discard: async () => {} }
  }
  const { maxUploadMb } = context.view
  const maxBytes = maxUploadMb * 1024 * 1024
  const files: StoredUpload[] = []
  let fieldBytes = 0
  const discard = () => context.uploads.discard(files)
  try {
    const form = await unstable_parseMultipartFormData(request, async ({ name, filename, contentType, data }) => {
      // Every part comes here, text fields too: those are read as text (a form's fields are short).
      if (!FILE_FIELDS.has(name) || !filename) {
        const chunks: Uint8Array[] = []
        let size = 0
        for await (const chunk of data) {
          size += chunk.length
          fieldBytes += chunk.length
          if (size > FIELD_LIMIT || fieldBytes > FIELDS_LIMIT) throw new Error(`${name}: field too long`)
          chunks.push(chunk)
        }
        // An empty file input still sends a part without a name: nothing was chosen.
        return FILE_FIELDS.has(name) ? undefined : Buffer.concat(chunks).toString('utf8')
      }
      async function* cutOff() {
        let size = 0
        for await (const chunk of data) {
          size += chunk.length
          if (size > maxBytes) throw new TooLargeUpload(`Максимальный размер загружаемого файла ${maxUploadMb} Мб`)
          yield chunk
        }
      }
      files.push(await context.uploads.store(filename, contentType, Readable.from(cutOff())))
      // The form keeps the index of the stored file; the files themselves are in `files`.
      return String(files.length - 1)
    })
    return { form, files, discard }
  } catch (error) {
    await discard()
    // The web server cut the body off at the page forms' limit (MAX_UPLOAD_MB for each file it may carry).
    if ((error as { statusCode?: unknown } | null)?.statusCode === 413) throw new TooLargeUpload(`Максимальный размер загружаемого файла ${maxUploadMb} Мб`)
    throw error
  }
}
