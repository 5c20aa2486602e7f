// The conversation on a report (decision 3711): its messages, a message's file, and posting one. The page and the API
// call these same use-cases (decision 1110): who may read or write, the limits and the retries are the same by either
// door. Anyone who may not see the report (the public, another company's users) is told it is not there.
import { Type } from 'typebox'
import { Id, Text } from '../vocabulary/params.ts'
import { commandContextOf } from '../workflow/command-context.server.ts'
import type { StoredUpload } from '../workflow/files/file-commands.server.ts'
import { canReadReportsOf } from '../workflow/read-access.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import { MESSAGE_FILES_MAX } from '../workflow/reports/report-decide.ts'
import { messageSideOf, postMessage } from '../workflow/reports/report-message-commands.server.ts'
import { findMessageFile, messagesOf } from '../workflow/reports/report-message-queries.server.ts'
import { findReport } from '../workflow/reports/report-queries.server.ts'
import { removeStoredFile } from '../workflow/storage/file-storage.server.ts'
import type { WorkflowServices } from '../ports/workflow-services.ts'
import { downloadOf } from './downloads.server.ts'
import { useCase, type UseCaseContext } from './use-case.ts'
import { Stored } from './workflow-inputs.ts'

/** The key a retry is known by: a form's key or the API's Idempotency-Key (printable ASCII, as an upload's). */
export const MessageKey = Type.String({ pattern: '^[\\x21-\\x7e]{1,200}$' })

export function reportMessageUseCases(services: WorkflowServices) {
  const { db } = services
  const discard = (files: readonly StoredUpload[]) => Promise.all(files.map((f) => removeStoredFile(services.storageDir, f.storageKey)))

  /** The report, when this user may see it; the refusal of a missing one otherwise (the same for the public). */
  const visibleReport = async (context: UseCaseContext, id: number) => {
    const report = await findReport(db, id)
    if (!report || !canReadReportsOf(context.actor, report.company.id)) return refused({ reason: 'report-not-found' })
    return report
  }

  return {
    /** A report's conversation, oldest message first, and whether this user may write in it. */
    reportMessages: useCase(Type.Object({ report: Id }), async (context, input) => {
      const report = await visibleReport(context, input.report)
      if (report instanceof Refused) return report
      return { report, messages: await messagesOf(db, report.id), side: messageSideOf(context.actor, report.company.id) }
    }),

    /** The bytes of a file a message carries. */
    messageFileDownload: useCase(Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }) }), async (context, input) => {
      const file = await findMessageFile(db, input.id)
      if (!file || !canReadReportsOf(context.actor, file.company_id)) return refused({ reason: 'file-not-found' })
      return downloadOf(services.storageDir, file.id, { name: file.name, size: file.size, contentType: file.content_type }, file.name)
    }),

    /**
     * Posts a message with files already stored by the door that received them; a refused post removes them, and so
     * does a retry (the same key): the first post's message and files stand, and it is answered again.
     */
    postMessage: useCase(
      Type.Object({
        report: Id,
        // The text's own limit is the decider's (MESSAGE_MAX, a Russian message); this only bounds what is read.
        text: Text({ maxLength: 100_000, multiline: true }),
        files: Type.Optional(Type.Array(Stored, { maxItems: MESSAGE_FILES_MAX * 2 })),
        key: Type.Optional(MessageKey),
      }),
      async (context, input) => {
        const files: StoredUpload[] = input.files ?? []
        try {
          const posted = await postMessage(commandContextOf(services, context), input.report, {
            text: input.text,
            files: files.map((f) => ({ id: f.storageKey, name: f.name, size: f.size, sha256: f.sha256, contentType: f.contentType })),
            key: input.key ?? null,
          })
          if (posted instanceof Refused || !posted.created) await discard(files)
          if (posted instanceof Refused) return posted
          const message = (await messagesOf(db, input.report)).find((m) => m.id === posted.messageId)!
          return { message, created: posted.created }
        } catch (error) {
          await discard(files)
          throw error
        }
      },
    ),
  }
}
