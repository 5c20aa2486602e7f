// The events of the report workflow's audit and their Russian names (shared by the API, the exports and the pages).
export const AUDIT_EVENTS = ['added', 'deleted', 'agreed', 'rejected', 'cancelled', 'resubmitted'] as const
export type AuditEvent = (typeof AUDIT_EVENTS)[number]

export const AUDIT_EVENT_LABEL: Record<AuditEvent, string> = {
  added: 'Файл добавлен',
  deleted: 'Файл удалён',
  agreed: 'Отчёт согласован',
  rejected: 'Отчёт отклонён',
  cancelled: 'Решение отменено',
  resubmitted: 'Отчёт отправлен повторно',
}
