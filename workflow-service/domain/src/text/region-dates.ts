// Dates and times as the portal writes them, in the region's time zone: the catalogue's values, the exports' cells
// and the refusals' messages all show them, so they live below all three.
export const REGION_TIME_ZONE = 'Asia/Yekaterinburg'

const dateTimeParts = new Intl.DateTimeFormat('ru-RU', {
  timeZone: REGION_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** dd.mm.yyyy hh:mm in Asia/Yekaterinburg. */
export function formatDateTime(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  const parts = Object.fromEntries(dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]))
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`
}

/** dd.mm.yyyy of a calendar date ('2024-07-15' as stored, no time zone shift). */
export function formatDate(value: Date | string): string {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  return match ? `${match[3]}.${match[2]}.${match[1]}` : String(value)
}

const dayParts = new Intl.DateTimeFormat('en-US', { timeZone: REGION_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' })

/** The region's calendar day (yyyy-mm-dd) at an instant: 2026-03-11T22:00Z is 2026-03-12 in Yekaterinburg. */
export function regionDay(moment: Date): string {
  const parts = Object.fromEntries(dayParts.formatToParts(moment).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}
