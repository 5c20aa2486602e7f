// The words a report's and a file's status read as on every screen, declared once: the pages, the operator's as-of
// table and the exports' columns say the same (the spec's words where it quotes them).
import type { FileStatus, ReportStatus } from '@portal/migrations/database.ts'

export const REPORT_STATUS_LABEL: Record<ReportStatus, string> = {
  consideration: 'На рассмотрении',
  agreed: 'Согласовано',
  rejected: 'Отклонено',
}

export const FILE_STATUS_LABEL: Record<Exclude<FileStatus, 'deleted'>, string> = {
  processing: 'Проверяется',
  success: 'Принят',
  error: 'Ошибка: несоответствие полей',
  deletion: 'Удаляется',
}

/** A file's status in words, a deleted one included (the as-of view shows files since deleted). */
export const fileStatusWords = (status: FileStatus): string => (status === 'deleted' ? 'Удалён' : FILE_STATUS_LABEL[status])
