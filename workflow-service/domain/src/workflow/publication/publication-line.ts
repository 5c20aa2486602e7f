// The one line that says what of an agreed report is public: «Опубликовано 15 из 15 строк» or, when the publication
// gave up, «Опубликовано 0 из 15 строк: <причина>» (the report's section, the Department's notice and verify say it).
import { formatCount } from '../../text/russian-format.ts'

export interface PublicationFacts {
  status: 'published' | 'failed'
  rowsPublic: number
  rowsStaged: number
  reason: string | null
}

export function publicationLine(facts: PublicationFacts): string {
  const of = `Опубликовано ${facts.rowsPublic} из ${formatCount(facts.rowsStaged, ['строки', 'строк', 'строк'])}`
  return facts.status === 'failed' ? `${of}: ${facts.reason ?? 'публикация не удалась'}` : of
}
