// The login form's rules (spec §5), shared by the page's script and the server: both fields required, at most 100 characters.
export const LOGIN_MAX_LENGTH = 100

// The same characters vocabulary/params.ts refuses in any text (kept here: this module runs in the browser too).
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

/** The Department's start page: its review queue (decision 3602). */
export const DEPARTMENT_HOME = '/monitoring/department-reports'
/** An administrator's start page: the users. */
export const ADMIN_HOME = '/monitoring/admin'

/**
 * Where a user goes after login when no page was asked for: each role where its work is (decision 3602) — the
 * Department to its queue, an administrator to the users, a holder of a company to its board; anyone else home.
 */
export function homeOf(user: { groups: readonly string[]; companyId: number | null }): string {
  if (user.groups.includes('Департамент')) return DEPARTMENT_HOME
  if (user.groups.includes('Администратор')) return ADMIN_HOME
  return user.companyId !== null && user.groups.includes('Недропользователь') ? HOLDER_HOME : PORTAL_HOME
}

// Any origin would do: `next` is resolved against it only to see where a browser would go.
const PORTAL_ORIGIN = 'http://portal.invalid'

/**
 * Only a path of the portal itself may be the target after login (no open redirect); else `fallback`. `next` is read
 * the way a browser reads a Location: tabs and newlines dropped, backslashes as slashes, dot segments resolved (also
 * `%2e%2e`); what is left must stay on this origin and under /monitoring/. Doubled slashes are collapsed, so the
 * page's redirect, which drops the /monitoring prefix, can never start with `//` (another host).
 */
export function safeNext(next: unknown, fallback = PORTAL_HOME): string {
  if (typeof next !== 'string') return fallback
  let url: URL
  try {
    url = new URL(next, `${PORTAL_ORIGIN}${PORTAL_HOME}`)
  } catch {
    return fallback
  }
  // A relative `next` ("admin", "?x") is no path of ours either: only an absolute path counts.
  if (url.origin !== PORTAL_ORIGIN || !/^[/\\]/.test(next.trim())) return fallback
  const path = url.pathname.replace(/\/{2,}/g, '/')
  if (!path.startsWith(PORTAL_HOME)) return fallback
  return `${path}${url.search}${url.hash}`
}
