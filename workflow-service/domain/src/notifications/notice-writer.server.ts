// The notices a command's events call for and their letters' sending jobs, in the command's transaction: the writer
// the composition root hands the command pipeline (ports/notice-writer.ts).
import type { NoticeWriter } from '../ports/notice-writer.ts'
import { mayWriteLetters, notifyOfEvents } from './notify-of-events.server.ts'
import { queueLettersOf } from './queue-letters.server.ts'

export const writeNotices: NoticeWriter = async (trx, events, { queue, requestId }) => {
  await notifyOfEvents(trx, events)
  // Each letter it wrote gets its sending job in the same transaction (no letter without its job). Events none of
  // which may write a letter wrote none: there is nothing to look up (one statement less for an upload).
  if (events.some((event) => mayWriteLetters(event.type))) await queueLettersOf(trx, queue, events, requestId)
}
