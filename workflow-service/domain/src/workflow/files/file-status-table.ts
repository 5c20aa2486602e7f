// Each status of a report's file, declared once as the file stream's events are: the word every page, export,
// receipt and the as-of table show, and the rules that read it. `satisfies Record<FileStatus, …>` makes a new
// status a compile error until its row is written here (decision 3903).
import type { FileStatus } from '@portal/migrations/database.ts'

export type { FileStatus }

export interface FileStatusRow {
  /** The status in words (spec §5: an error «Ошибка: несоответствие полей»). */
  label: string
  /** What a receipt says of the file while it has no check result (null: the result's title is shown). */
  standing: string | null
  /** Whether the file is still part of its report (neither being deleted nor deleted). */
  live: boolean
  /** Whether its holder may delete it (spec: not while it is being checked). */
  deletable: boolean
}

const STATUS_ROWS = {
  processing: { label: 'Проверяется', standing: 'Файл проверяется', live: true, deletable: false },
  success: { label: 'Принят', standing: null, live: true, deletable: true },
  error: { label: 'Ошибка: несоответствие полей', standing: null, live: true, deletable: true },
  deletion: { label: 'Удаляется', standing: 'Файл удаляется', live: false, deletable: false },
  deleted: { label: 'Удалён', standing: 'Файл удалён', live: false, deletable: false },
} as const satisfies Record<FileStatus, FileStatusRow>

/** Read through the row's type, so a status missing here fails to compile here and nowhere else. */
export const FILE_STATUSES: Readonly<Record<FileStatus, FileStatusRow>> = STATUS_ROWS

export const FILE_STATUS_CODES = Object.keys(FILE_STATUSES) as FileStatus[]

/** A file's status in words, a deleted one included (the as-of view shows files since deleted). */
export const fileStatusWords = (status: FileStatus): string => FILE_STATUSES[status].label
