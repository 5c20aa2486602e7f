// The login form's rules (spec §5), shared by the page's script and the server: both fields required, at most 100 characters.
export const LOGIN_MAX_LENGTH = 100

// The same characters http/params.ts refuses in any text (kept here: this module runs in the browser too).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/

export const LOGIN_FIELDS = { username: 'Логин', password: 'Пароль' } as const
export type LoginField = keyof typeof LOGIN_FIELDS

export function loginFieldError(field: LoginField, value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return `Заполните поле «${LOGIN_FIELDS[field]}».`
  if (value.length > LOGIN_MAX_LENGTH) return `Поле «${LOGIN_FIELDS[field]}» не может быть длиннее ${LOGIN_MAX_LENGTH} символов.`
  if (CONTROL_CHARACTERS.test(value)) return `Поле «${LOGIN_FIELDS[field]}» содержит недопустимые управляющие символы.`
  return null
}

/** The first problem of the form, or null when it may be sent. */
export function loginFormError(values: Record<LoginField, unknown>): { field: LoginField; message: string } | null {
  for (const field of Object.keys(LOGIN_FIELDS) as LoginField[]) {
    const message = loginFieldError(field, values[field])
    if (message) return { field, message }
  }
  return null
}

export const PORTAL_HOME = '/monitoring/'
/** A license holder's start page after login: the status board of their company's reporting year. */
export const HOLDER_HOME = '/monitoring/board'

/** Where a user goes after login when no page was asked for: a holder of a company to the board, others home. */
export function homeOf(user: { groups: readonly string[]; companyId: number | null }): string {
  return user.companyId !== null && user.groups.includes('Недропользователь') ? HOLDER_HOME : PORTAL_HOME
}

/** Only a path of the portal itself may be the target after login (no open redirect); else `fallback`. */
export function safeNext(next: unknown, fallback = PORTAL_HOME): string {
  if (typeof next !== 'string' || !next.startsWith(PORTAL_HOME) || next.startsWith('//') || next.includes('\\')) return fallback
  return next
}
