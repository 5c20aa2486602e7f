// The words of the Department's notice of a publication's exceedances: «Превышения ПДК: 3 показания» and the report,
// the count and the worst multiple in the body, numbers as Russian writes them (decision 1330).
import { formatCount, formatTimes } from '../text/russian-format.ts'

export interface ExceedanceFacts {
  companyName: string
  reportTypeTitle: string
  year: number
  areaName: string | null
  count: number
  worst: { multiple: number; substance: string }
}

export function exceedanceNotice(facts: ExceedanceFacts): { title: string; body: string } {
  const subject = `${facts.companyName}: ${facts.reportTypeTitle} за ${facts.year} год${facts.areaName ? ` (${facts.areaName})` : ''}`
  const readings = formatCount(facts.count, ['показание', 'показания', 'показаний'])
  const times = formatTimes(facts.worst.multiple)
  return {
    title: `Превышения ПДК: ${readings}`,
    body: `${subject}: опубликовано ${readings} выше ПДК, наибольшее — ${facts.worst.substance}, ${times} выше ПДК.`,
  }
}

/** The exceedances page filtered for a report's company, year and area. */
export function exceedancesLink(companyId: number, year: number, areaId: number | null): string {
  const query = new URLSearchParams({ year: String(year), company: String(companyId) })
  if (areaId !== null) query.set('area', String(areaId))
  return `/monitoring/exceedances?${query}`
}

