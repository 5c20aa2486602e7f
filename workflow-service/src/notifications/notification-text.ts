// What a person is told when a report's status changes: the kind, a title and a sentence, as pure functions.
export interface ReportFacts {
  reportId: number
  companyId: number
  year: number
  reportTypeTitle: string
  /** The licence area's name, or null for a company report. */
  areaName: string | null
}

export interface NotificationText {
  kind: 'file_checked' | 'file_failed' | 'report_agreed' | 'report_rejected' | 'report_cancelled'
  title: string
  body: string
}

const subject = (r: ReportFacts) => `${r.reportTypeTitle} за ${r.year} год${r.areaName ? ` (${r.areaName})` : ''}`

/** The text of an event that changes what a report's people must know, or null for the others. */
export function notificationText(type: string, data: Record<string, unknown>, report: ReportFacts, fileName: string | null): NotificationText | null {
  const comment = typeof data.comment === 'string' && data.comment.trim() ? ` Комментарий: ${data.comment.trim()}` : ''
  switch (type) {
    case 'FileCheckPassed':
      return { kind: 'file_checked', title: `Файл «${fileName}» проверен`, body: `${subject(report)}: файл «${fileName}» проверен, ошибок нет.` }
    case 'FileCheckFailed': {
      const count = Array.isArray(data.problems) ? data.problems.length : 0
      return { kind: 'file_failed', title: `Файл «${fileName}» содержит ошибки`, body: `${subject(report)}: при проверке файла «${fileName}» найдено ошибок: ${count}.` }
    }
    case 'ReportAgreed':
      return { kind: 'report_agreed', title: 'Отчёт согласован', body: `${subject(report)}: отчёт согласован Департаментом.${comment}` }
    case 'ReportRejected':
      return { kind: 'report_rejected', title: 'Отчёт отклонён', body: `${subject(report)}: отчёт отклонён Департаментом.${comment}` }
    case 'ReportDecisionCancelled':
      return { kind: 'report_cancelled', title: 'Решение по отчёту отменено', body: `${subject(report)}: Департамент отменил решение, отчёт снова на рассмотрении.${comment}` }
    default:
      return null
  }
}
