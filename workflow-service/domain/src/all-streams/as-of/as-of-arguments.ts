// The replay command's as-of arguments: a day (the end of it, in the region's time) or an instant written with its
// time and zone, and which reports to show.
import { nextDayStart, regionDayStart } from '../../text/region-days.ts'
import type { AsOfQuestion, AsOfScope } from './as-of-fold.ts'

export type { AsOfQuestion } from './as-of-fold.ts'

interface Arguments {
  'as-of'?: string
  company?: string
  stream?: string
  from?: string
  to?: string
  verify?: boolean
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
// An instant with its zone, so that no reader's clock decides what it means.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/** A day or an instant; `end`: a day means its last millisecond, else its first. null: neither. */
function momentOf(text: string, end: boolean): Date | null {
  if (DAY.test(text)) {
    const start = regionDayStart(text)
    return start && (end ? new Date(nextDayStart(start).getTime() - 1) : start)
  }
  if (!INSTANT.test(text)) return null
  const instant = new Date(text)
  return Number.isNaN(instant.getTime()) ? null : instant
}

export function asOfQuestionFromArguments(args: Arguments, now = new Date()): AsOfQuestion | { wrong: string } {
  const moment = momentOf(args['as-of'] ?? '', true)
  if (!moment) return { wrong: '--as-of: ожидается день ГГГГ-ММ-ДД или время с поясом (2026-03-01T12:00:00Z)' }
  // A verify answers for the log as it stood then: of a moment still to come it would vouch for events not yet
  // recorded. Today is a moment already begun (its end means "up to now").
  if (args.verify && momentOf(args['as-of']!, false)! > now) return { wrong: '--as-of: в будущем; проверка всего журнала — --verify без --as-of' }
  if (args.company !== undefined && args.stream !== undefined) return { wrong: '--company и --stream не задаются вместе' }
  let scope: AsOfScope = { all: true }
  if (args.company !== undefined) {
    if (!/^[1-9]\d{0,9}$/.test(args.company) || Number(args.company) > 2_147_483_647) return { wrong: '--company: ожидается номер предприятия' }
    scope = { companyId: Number(args.company) }
  } else if (args.stream !== undefined) {
    if (!/^[a-z0-9-]{1,200}$/.test(args.stream)) return { wrong: '--stream: ожидается идентификатор потока (report-area-1-2026-observation_results, file-12)' }
    scope = { streamId: args.stream }
  }
  if (args.from === undefined && args.to === undefined) return { moment, scope }
  const from = args.from === undefined ? new Date(0) : momentOf(args.from, false)
  if (!from) return { wrong: '--from: ожидается день ГГГГ-ММ-ДД или время с поясом' }
  const to = args.to === undefined ? moment : momentOf(args.to, true)
  if (!to) return { wrong: '--to: ожидается день ГГГГ-ММ-ДД или время с поясом' }
  if (from > to) return { wrong: '--from: позже, чем --to' }
  // The window's start is inclusive: the fold lists events after `from`, so it starts a millisecond earlier.
  return { moment, scope, changes: { from: new Date(from.getTime() - 1), to } }
}
