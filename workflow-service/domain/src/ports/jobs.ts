// The background jobs the domain asks for, by name and payload: workers consume them, commands enqueue them.
export const JOBS = {
  fileCheck: 'file-check',
  fileDelete: 'file-delete',
  reportPublication: 'report-publication',
  /** One letter of the mail outbox (notifications/queue-letters.server.ts). */
  mailSend: 'mail-send',
  /** The due-date reminders and the overdue digest of the day (notifications/due-notices.server.ts). */
  dueNotices: 'due-notices',
} as const

/**
 * What each job carries: ids only, the job reads the rest from the database when it runs (the sender adds the
 * request id it was sent from, for the logs and the events of the worker).
 */
export interface JobPayloads {
  [JOBS.fileCheck]: { fileId: number }
  [JOBS.fileDelete]: { fileId: number }
  [JOBS.reportPublication]: { reportId: number }
  [JOBS.mailSend]: { outboxId: number }
  [JOBS.dueNotices]: Record<string, never>
}
