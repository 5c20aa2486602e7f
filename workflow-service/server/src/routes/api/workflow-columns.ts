// The columns of the exported workflow lists, under Russian headers: what each answer of the JSON list holds, its
// nested objects by name, codes with their Russian words next to them.
import type { Static } from 'typebox'
import type { HistoryEntryAnswer, ImportFileAnswer, ImportReportAnswer, StatusChangeAnswer } from './workflow-schemas.ts'
import {
  AUDIT_EVENT_LABEL, REPORT_TYPES, momentCell as when, reportStatusWords, fileStatusWords,
} from '@portal/workflow-domain/views.ts'
import type { Column } from '../../exports/paged-export.server.ts'

const REPORT_TYPE_TITLES: Record<string, string> = Object.fromEntries(Object.entries(REPORT_TYPES).map(([code, t]) => [code, t.title]))


export const REPORT_COLUMNS: Array<Column<Static<typeof ImportReportAnswer>>> = [
  { header: 'ID', cell: (r) => r.id },
  { header: 'Вид отчёта', cell: (r) => REPORT_TYPE_TITLES[r.report_type] ?? r.report_type },
  { header: 'Год', cell: (r) => r.year },
  { header: 'Статус', cell: (r) => reportStatusWords(r.status) },
  { header: 'Круг рассмотрения', cell: (r) => r.round },
  { header: 'Предприятие', cell: (r) => r.company.name },
  { header: 'Лицензионный участок', cell: (r) => r.area?.name ?? null },
  { header: 'Файлы', cell: (r) => r.files.map((f) => f.name).join('; ') },
  { header: 'Решение Департамента', cell: (r) => r.status_change?.event_display ?? null },
  { header: 'Комментарий', cell: (r) => r.status_change?.comment || null },
  { header: 'Создан', cell: (r) => when(r.created) },
  { header: 'Изменён', cell: (r) => when(r.updated) },
]

export const STATUS_CHANGE_COLUMNS: Array<Column<Static<typeof StatusChangeAnswer>>> = [
  { header: 'ID', cell: (r) => r.id },
  { header: 'Отчёт', cell: (r) => r.report.id },
  { header: 'Решение', cell: (r) => r.event_display },
  { header: 'Комментарий', cell: (r) => r.comment || null },
  { header: 'Файлы решения', cell: (r) => r.files.map((f) => f.name).join('; ') },
  { header: 'Когда', cell: (r) => when(r.created) },
  { header: 'Кто', cell: (r) => r.creator },
]

export const FILE_COLUMNS: Array<Column<Static<typeof ImportFileAnswer>>> = [
  { header: 'ID', cell: (r) => r.id },
  { header: 'Файл', cell: (r) => r.name },
  { header: 'Описание', cell: (r) => r.description || null },
  { header: 'Статус проверки', cell: (r) => fileStatusWords(r.status) },
  { header: 'Ошибок', cell: (r) => r.problems_count },
  { header: 'Первая ошибка', cell: (r) => r.error },
  { header: 'Размер, байт', cell: (r) => r.size },
  { header: 'Отчёт', cell: (r) => r.report.id },
  { header: 'Вид отчёта', cell: (r) => REPORT_TYPE_TITLES[r.report_type] ?? r.report_type },
  { header: 'Год', cell: (r) => r.year },
  { header: 'Загружен', cell: (r) => when(r.created) },
  { header: 'Кто загрузил', cell: (r) => r.creator },
]

export const HISTORY_COLUMNS: Array<Column<Static<typeof HistoryEntryAnswer>>> = [
  { header: 'ID', cell: (r) => r.id },
  { header: 'Когда', cell: (r) => when(r.created) },
  { header: 'Событие', cell: (r) => AUDIT_EVENT_LABEL[r.event] ?? r.event },
  { header: 'Файлы', cell: (r) => r.import_files.map((f) => f.name).join('; ') },
  { header: 'Отчёт', cell: (r) => r.report.id },
  { header: 'Вид отчёта', cell: (r) => REPORT_TYPE_TITLES[r.report.report_type] ?? r.report.report_type },
  { header: 'Год', cell: (r) => r.report.year },
  { header: 'Лицензионный участок', cell: (r) => r.report.area?.name ?? null },
  { header: 'Кто', cell: (r) => r.creator.username },
]
