// The conversation on a report (decision 3711): the Department or the company's users post a message with files. One
// command for every door (the page's form, the API), recorded through handleCommand as the report's other events are.
import { can, type CurrentUser } from '../../auth/permissions.ts'
import type { CommandContext } from '../command-context.server.ts'
import { handleCommand } from '../handle-command.server.ts'
import { CommandRefused, refused, type Refused } from '../refusal.ts'
import { storedContent } from '../files/stored-content.server.ts'
import { fixed, rowsOf } from '@portal/workflow-platform/database.server.ts'
import { reportDecider } from './report-decide.ts'
import type { DecisionFile, MessageSide } from './report-events.ts'
import { reportFacts } from './report-commands.server.ts'

/**
 * The side a user writes on for a report of this company: the Department, or the company's own users who may write its
 * reports; null for anyone else (the public, another company's users, a reader only), who are told the report is not there.
 */
export function messageSideOf(actor: CurrentUser | null, companyId: number): MessageSide | null {
  if (can(actor, 'decide:report:any')) return 'department'
  return can(actor, 'write:report:own', { companyId }) ? 'holder' : null
}

/** Posts a message; answers its id (the event's position), or that of the first post with the same key. */
export async function postMessage(
  context: CommandContext,
  reportId: number,
  input: { text: string; files: DecisionFile[]; key: string | null },
): Promise<{ messageId: number; created: boolean } | Refused> {
  const [report] = await rowsOf(context.db, fixed<{ stream_id: string; company_id: number }>`SELECT stream_id, company_id FROM import_reports WHERE id = ${reportId}`)
  const side = report ? messageSideOf(context.actor, report.company_id) : null
  if (!report || !side) return refused({ reason: 'report-not-found' })
  const post = () =>
    handleCommand(context, {
      decider: reportDecider,
      streamId: report.stream_id,
      command: { type: 'PostMessage', data: { side, text: input.text, files: input.files, key: input.key } },
      facts: async (trx) => ({
        ...(await reportFacts(trx, context, { id: reportId, companyId: report.company_id })),
        attachments: await Promise.all(input.files.map((file) => storedContent(context.storageDir, file.id))),
      }),
    })
  let stored
  try {
    ;({ stored } = await post())
  } catch (error) {
    // Two posts at once (the same one sent twice): the one that lost the race is decided again on the stream the
    // other left, where a post with the same key records nothing.
    if (error instanceof CommandRefused && error.refusal.reason === 'lost-race') ({ stored } = await post())
    else throw error
  }
  if (stored.length > 0) return { messageId: stored[0].position, created: true }
  const [first] = await rowsOf(context.db, fixed<{ id: string }>`SELECT id FROM report_messages WHERE report_id = ${reportId} AND key = ${input.key}`)
  return { messageId: Number(first.id), created: false }
}
