// The Russian texts of the report workflow screens, exactly as the spec quotes them where it does.
import type { ReportType } from '../server/reports-page.server.ts'
import { REPORT_TYPE_CODES, REPORT_TYPES } from '@portal/workflow-domain/views.ts'

export const REPORT_TYPE_TITLE = Object.fromEntries(REPORT_TYPE_CODES.map((code) => [code, REPORT_TYPES[code].title])) as Record<ReportType, string>

export { fileStatusWords, reportStatusWords } from '@portal/workflow-domain/views.ts'

export const NO_RESPONSIBLE = 'Внесите данные ответственного лица'
/** A file of a type this section does not take, named as the upload check names it. */
// The server's refusal of the same file, in its words (file-content.ts).
export { wrongTypeRefusal as wrongType } from '@portal/workflow-domain/views.ts'
export const tooLarge = (maxMb: number) => `Максимальный размер загружаемого файла ${maxMb} Мб`
export const deleteQuestion = (description: string) => `Вы действительно хотите безвозвратно удалить файл ${description}?`
export const DELETE_AGREED = 'Ошибка удаления файла: имеются согласованные отчёты.'
// Two dots, as the spec has it.
export const DELETE_UNKNOWN = 'Ошибка удаления файла: неизвестная ошибка..'
export const cannotDownload = (description: string) => `Файл ${description} нельзя скачать`

/** Spec §2: dates as dd.mm.yyyy hh:mm (the portal's region: Yekaterinburg time). */
export function formatDateTime(value: string | Date): string {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Asia/Yekaterinburg',
  }).formatToParts(new Date(value))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('day')}.${get('month')}.${get('year')} ${get('hour')}:${get('minute')}`
}
