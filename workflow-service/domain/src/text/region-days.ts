// Days as the portal's pages and filters take them (ГГГГ-ММ-ДД), bounded in the region's time.
import { Type } from 'typebox'

export const DateOnly = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'ГГГГ-ММ-ДД' })

/** The portal's day boundaries are Yekaterinburg's (UTC+5): «по 23.11.2026» includes that whole local day. */
const DAY_OFFSET = '+05:00'

/** The first instant of the day in the region; null for a day the calendar has not (2026-02-30 is not rolled over into March). */
export function regionDayStart(text: string): Date | null {
  const [y, m, d] = text.split('-').map(Number)
  const calendar = new Date(Date.UTC(y, m - 1, d))
  if (calendar.getUTCFullYear() !== y || calendar.getUTCMonth() !== m - 1 || calendar.getUTCDate() !== d) return null
  return new Date(`${text}T00:00:00${DAY_OFFSET}`)
}

/** The first instant of the next day: a whole day is [start, next). */
export const nextDayStart = (start: Date): Date => new Date(start.getTime() + 86_400_000)

/** The region's calendar year and month (1–12) at an instant, whatever the server's own time zone. */
export function regionYearMonth(now: Date): { year: number; month: number } {
  const wall = new Date(now.getTime() + 5 * 3_600_000)
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1 }
}
