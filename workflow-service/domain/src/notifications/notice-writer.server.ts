// The notices a command's events call for and their letters' sending jobs, in the command's transaction: the writer
// the composition root hands the command pipeline (ports/notice-writer.ts).
import type { NoticeWriter } from '../ports/notice-writer.ts'
import { notifyOfEvents } from './notify-of-events.server.ts'
import { queueLetters } from './queue-letters.server.ts'

export const writeNotices: NoticeWriter = async (trx, events, { queue, requestId, report }) => {
  // Each letter it wrote gets its sending job in the same transaction (no letter without its job): the statements that
  // wrote them answered their ids, so the outbox is not looked up again (decision 3821).
  await queueLetters(trx, queue, await notifyOfEvents(trx, events, report), requestId)
}
