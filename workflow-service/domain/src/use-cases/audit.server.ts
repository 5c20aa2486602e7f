// The Department's audit of the report workflow: the filters of the view and of its download, one parse for both.
import { Type, type Static } from 'typebox'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { readInBatches } from '../exports/read-in-batches.server.ts'
import { type Cell, momentCell } from '../exports/table-cells.ts'
import type { WriteRows } from '../exports/row-writers.ts'
import { Id, Literals, Text, Year } from '../vocabulary/params.ts'
import { AUDIT_EVENT_LABEL, AUDIT_EVENTS, type AuditEntry, type AuditFilter, auditEntryOf, auditQuery, type AuditRow } from '../workflow/history/audit-queries.server.ts'
import { REPORT_TYPES } from '../workflow/reports/report-types.ts'
import { DateOnly, nextDayStart, regionDayStart } from '../text/region-days.ts'

export const AuditInput = Type.Object(
  {
    company: Type.Optional(Id),
    area: Type.Optional(Id),
    year: Type.Optional(Year),
    event: Type.Optional(Literals(AUDIT_EVENTS)),
    user: Type.Optional(Text({ minLength: 1, maxLength: 150 })),
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
  },
  { additionalProperties: false },
)
export type AuditInput = Static<typeof AuditInput>

/** A period that cannot be: a day the calendar has not (2026-02-30), or a start after the end. */
export interface AuditPeriodProblem {
  invalid: 'from' | 'to'
  detail: string
}

export function auditFilterOf(input: AuditInput): AuditFilter | AuditPeriodProblem {
  const day = (text: string, next: boolean) => {
    const start = regionDayStart(text)
    return start && next ? nextDayStart(start) : start
  }
  const from = input.from !== undefined ? day(input.from, false) : undefined
  if (from === null) return { invalid: 'from', detail: 'from: нет такой даты' }
  const to = input.to !== undefined ? day(input.to, true) : undefined
  if (to === null) return { invalid: 'to', detail: 'to: нет такой даты' }
  // 'to' is the start of the day after: a one-day period has from < to.
  if (from !== undefined && to !== undefined && from >= to) return { invalid: 'from', detail: 'from: начало периода позже его конца' }
  return { companyId: input.company, areaId: input.area, year: input.year, event: input.event, username: input.user, from, to }
}

export const AUDIT_HEADERS = ['№ записи', 'Дата и время', 'Событие', 'Предприятие', 'Участок', 'Год', 'Отчёт', 'Пользователь', 'Группа', 'Адрес', 'Комментарий', 'Файлы', 'SHA-256', 'Раунд']

export function auditCells(entry: AuditEntry): Cell[] {
  return [
    entry.number,
    momentCell(entry.created),
    AUDIT_EVENT_LABEL[entry.event],
    entry.companyName,
    entry.areaName ?? '',
    entry.year,
    REPORT_TYPES[entry.reportType].title,
    entry.person,
    entry.role,
    entry.clientAddress ?? '',
    entry.comment ?? '',
    entry.files.map((f) => f.name).join('; '),
    entry.files.map((f) => f.sha256 ?? '').filter(Boolean).join('; '),
    entry.round,
  ]
}

/** Reads every matching entry through a cursor and hands them to the file a batch at a time. */
export function auditProducer(db: Kysely<Database>, filter: AuditFilter) {
  return (write: WriteRows) => readInBatches<AuditRow>(db, auditQuery(filter), (rows) => write(rows.map((r) => auditCells(auditEntryOf(r)))))
}
