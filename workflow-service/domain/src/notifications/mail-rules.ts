// What the portal mails and how often (issue 22 item 7, decision 2224): a letter's subject is one of these fixed
// lines, never a text a holder chose (a file name, a person's name); a notice goes only to an address that confirmed
// through the link of its confirmation letter; and each address gets a bounded number of letters. Pure values.
import type { NotificationText } from '../workflow/event-table.ts'

const PORTAL = 'Портал экологического мониторинга ЯНАО'

/** The subject of each kind of notice. */
export const MAIL_SUBJECTS: Readonly<Record<NotificationText['kind'], string>> = {
  file_checked: `${PORTAL}: файл отчёта проверен`,
  file_failed: `${PORTAL}: в файле отчёта найдены ошибки`,
  report_agreed: `${PORTAL}: отчёт согласован`,
  report_rejected: `${PORTAL}: отчёт отклонён`,
  report_cancelled: `${PORTAL}: решение по отчёту отменено`,
  report_message: `${PORTAL}: новое сообщение по отчёту`,
}

/** The subject of each kind of the Department's notices (decision 2685). */
export const DEPARTMENT_MAIL_SUBJECTS = {
  department_file_checked: `${PORTAL}: проверен файл отчёта на рассмотрении`,
  department_resubmitted: `${PORTAL}: отчёт отправлен повторно`,
  department_message: `${PORTAL}: новое сообщение по отчёту`,
} as const

/** A Department notice's body: the company and report (catalogue words), what happened, the link; never a file's name. */
export function departmentNoticeBody(subject: string, title: string, link: string): string {
  return [`${subject}: ${title}.`, '', `Подробности на портале: ${ORIGIN_PLACEHOLDER}${link}`].join('\n')
}

/** The subjects of the due-date notices (decision 3603). */
export const DUE_MAIL_SUBJECTS = {
  due_reminder: `${PORTAL}: приближается срок сдачи отчёта`,
  overdue_digest: `${PORTAL}: просроченные отчёты`,
} as const

/** A due-date notice's body: its text and the link. */
export function dueNoticeBody(body: string, link: string): string {
  return [body, '', `Подробности на портале: ${ORIGIN_PLACEHOLDER}${link}`].join('\n')
}

export const CONFIRMATION_SUBJECT = `${PORTAL}: подтвердите адрес электронной почты`

/** Notices an address may get in an hour; the rest are kept in the outbox, marked, unsent. */
export const NOTIFICATIONS_PER_ADDRESS_PER_HOUR = 30
/** Confirmation letters an address may get: one an hour, three a day. */
export const CONFIRMATIONS_PER_HOUR = 1
export const CONFIRMATIONS_PER_DAY = 3
/**
 * Confirmation letters one account's commands may make the portal send in a day, over all addresses (decision 3508):
 * a company's holder enters a few new responsible persons a season, not hundreds of addresses.
 */
export const CONFIRMATIONS_PER_ACCOUNT_PER_DAY = 20
/** How long the link of a confirmation letter is good for. */
export const CONFIRMATION_DAYS = 7

export const RATE_LIMITED = `превышен предел писем на адрес: ${NOTIFICATIONS_PER_ADDRESS_PER_HOUR} в час`

/** Stands in a letter's body for the portal's address (PUBLIC_URL), which the sender knows and the event does not. */
export const ORIGIN_PLACEHOLDER = '{{PORTAL_ORIGIN}}'

/** The path of the confirmation page of a token. */
export const confirmationPath = (token: string) => `/monitoring/confirm-email/${token}`

/** A confirmation token: 32 random bytes in base64url (43 characters). */
export const CONFIRMATION_TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The confirmation letter: why it came, the link, and what to do if it was not expected. Nothing a holder typed. */
export function confirmationBody(token: string): string {
  return [
    'Здравствуйте!',
    '',
    `Этот адрес указан на портале экологического мониторинга ЯНАО как адрес ответственного лица предприятия или сотрудника Департамента. Чтобы получать письма портала об отчётах, подтвердите адрес на странице портала (ссылка действует ${CONFIRMATION_DAYS} дней):`,
    '',
    `${ORIGIN_PLACEHOLDER}${confirmationPath(token)}`,
    '',
    'Если вы не ожидали этого письма, ничего не делайте: без подтверждения портал не пришлёт на этот адрес других писем.',
  ].join('\n')
}

/** A notice's body: what changed and where to look, without the file's name or any other text a holder chose. */
export function noticeBody(text: Pick<NotificationText, 'kind'>, report: { reportTypeTitle: string; year: number; areaName: string | null }, comment: string | null, link: string): string {
  const what = `${report.reportTypeTitle} за ${report.year} год${report.areaName ? ` (${report.areaName})` : ''}`
  const lines: Record<NotificationText['kind'], string> = {
    file_checked: `${what}: файл отчёта проверен, ошибок нет.`,
    file_failed: `${what}: при проверке файла отчёта найдены ошибки.`,
    report_agreed: `${what}: отчёт согласован Департаментом.`,
    report_rejected: `${what}: отчёт отклонён Департаментом.`,
    report_cancelled: `${what}: Департамент отменил решение, отчёт снова на рассмотрении.`,
    // The message itself is read on the portal: a letter quotes nothing anyone typed.
    report_message: `${what}: Департамент написал сообщение по отчёту.`,
  }
  return [lines[text.kind], comment ? `Комментарий Департамента: ${comment}` : '', '', `Подробности на портале: ${ORIGIN_PLACEHOLDER}${link}`].filter((l, i) => l !== '' || i > 1).join('\n')
}
