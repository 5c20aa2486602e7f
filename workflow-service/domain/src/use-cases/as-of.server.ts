// The Department's view of a company's reports as of a day, with what changed between two days: the input's days
// turned into moments of the region's time, the answer folded from the log alone and named from the catalogue.
import { Type, type Static } from 'typebox'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { Id } from '../vocabulary/params.ts'
import type { AsOfAnswer, AsOfQuestion } from '../all-streams/as-of/as-of-fold.ts'
import { asOfNames, askAsOf } from '../all-streams/as-of/as-of-queries.server.ts'
import { namesAsOf, substanceAsOf, type SubstanceAsOf } from '../admin/reference/reference-queries.server.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import { DateOnly, nextDayStart, regionDayStart } from '../text/region-days.ts'
import { peopleByLogin } from '../people/people-by-login.server.ts'

export const AsOfInput = Type.Object({ company: Id, date: DateOnly, from: Type.Optional(DateOnly), to: Type.Optional(DateOnly) }, { additionalProperties: false })
export type AsOfInput = Static<typeof AsOfInput>

/** The same question of a reference entry: a substance (by id, as two may share a name) on a day. */
export const SubstanceAsOfInput = Type.Object({ substance: Id, date: DateOnly, from: Type.Optional(DateOnly), to: Type.Optional(DateOnly) }, { additionalProperties: false })
export type SubstanceAsOfInput = Static<typeof SubstanceAsOfInput>

export interface SubstanceAsOfAnswer extends SubstanceAsOf {
  date: string
  from: string
  to: string
  /** The name a page shows for each login of the changes: the account's full name (the log keeps the login). */
  people: Record<string, string>
}

/** Without `from`, the changes listed are those of the 30 days up to the date. */
export const DEFAULT_CHANGES_DAYS = 30

export interface CompanyAsOf extends AsOfAnswer {
  company: { id: number; name: string }
  /** The names of the areas the reports are of, as they stood at the moment (renamings since undone). */
  areaNames: Record<number, string>
  date: string
  from: string
  to: string
  /** The name a page shows for each login the answer names (files, decisions, changes): the account's full name. */
  people: Record<string, string>
}

const noDay = (parameter: 'date' | 'from' | 'to') => refused({ reason: 'invalid-input', parameter, detail: `${parameter}: нет такой даты` })
const dayText = (date: Date) => new Date(date.getTime() + 5 * 3_600_000).toISOString().slice(0, 10)

/** The question the input asks: every moment is the end of its day («на 01.03.2026» includes that day). */
export function asOfQuestionOf(input: Omit<AsOfInput, 'company'> & { company?: number }): (AsOfQuestion & { from: string; to: string }) | Refused {
  const day = regionDayStart(input.date)
  if (!day) return noDay('date')
  const fromText = input.from ?? dayText(new Date(day.getTime() - DEFAULT_CHANGES_DAYS * 86_400_000))
  const from = regionDayStart(fromText)
  if (!from) return noDay('from')
  const toText = input.to ?? input.date
  const to = regionDayStart(toText)
  if (!to) return noDay('to')
  if (from > to) return refused({ reason: 'invalid-input', parameter: 'from', detail: 'from: позже, чем to' })
  return {
    moment: new Date(nextDayStart(day).getTime() - 1),
    scope: { companyId: input.company ?? 0 },
    // Events recorded on the day `from` and after, up to the end of the day `to`.
    changes: { from: new Date(from.getTime() - 1), to: new Date(nextDayStart(to).getTime() - 1) },
    from: fromText,
    to: toText,
  }
}

export async function companyAsOf(db: Kysely<Database>, input: AsOfInput): Promise<CompanyAsOf | Refused> {
  const question = asOfQuestionOf(input)
  if (question instanceof Refused) return question
  const today = await db.selectFrom('companies').select(['id', 'name']).where('id', '=', input.company).executeTakeFirst()
  if (!today) return refused({ reason: 'company-not-found' })
  const answer = await askAsOf(db, question)
  const names = await asOfNames(db, answer)
  // The name as it stood at the moment: an administrator's renaming since is undone through the reference log.
  const company = { id: today.id, name: (await namesAsOf(db, 'company', [today], question.moment)).get(today.id)! }
  return { ...answer, company, areaNames: names.areas, date: input.date, from: question.from, to: question.to, people: names.people }
}

/** A substance's name, unit and limits at the end of the day, beside today's, and its changes between two days. */
export async function substanceAsOfDay(db: Kysely<Database>, input: SubstanceAsOfInput): Promise<SubstanceAsOfAnswer | Refused> {
  const question = asOfQuestionOf({ date: input.date, from: input.from, to: input.to })
  if (question instanceof Refused) return question
  const answer = await substanceAsOf(db, input.substance, question.moment, question.changes!)
  if (!answer) return refused({ reason: 'reference-not-found' })
  return { ...answer, date: input.date, from: question.from, to: question.to, people: await peopleByLogin(db, answer.changes.map((c) => c.username)) }
}
