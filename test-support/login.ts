// Logs a demo user in through the real flow (CSRF token, multipart POST /auth/login/) for tests that act as that user.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

/** A multipart/form-data body of text fields, as the login page's script sends it. */
export function multipartBody(fields: Record<string, string>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal-test-${Math.random().toString(16).slice(2)}`
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** The name=value pairs of a response's Set-Cookie headers (cleared cookies answer an empty value). */
export function setCookies(response: LightMyRequestResponse): Record<string, string> {
  const raw = response.headers['set-cookie']
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]
  return Object.fromEntries(
    list.map((line) => {
      const [pair] = line.split(';')
      const at = pair.indexOf('=')
      return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))]
    }),
  )
}

/**
 * The CSRF token for a browser with these cookies (GET /auth/csrf/): a logged-in browser gets its session's token,
 * the public a signed token and the cookie that carries it.
 */
export async function anonymousCsrf(app: FastifyInstance, cookie?: string): Promise<{ token: string; cookie: string }> {
  const res = await app.inject({ url: '/auth/csrf/', headers: cookie ? { cookie } : {} })
  const token = res.json().csrftoken as string
  const issued = setCookies(res).csrftoken
  return { token, cookie: [cookie, issued ? `csrftoken=${issued}` : undefined].filter(Boolean).join('; ') }
}

/** Posts the login form as the browser does; answers the raw response. */
export async function postLogin(
  app: FastifyInstance,
  fields: Record<string, string>,
  options: { address?: string; cookie?: string; forwardedFor?: string } = {},
): Promise<LightMyRequestResponse> {
  const csrf = await anonymousCsrf(app, options.cookie)
  const body = multipartBody(fields)
  return app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: body.payload,
    remoteAddress: options.address,
    headers: {
      ...body.headers,
      cookie: csrf.cookie,
      'x-csrftoken': csrf.token,
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
  })
}

/**
 * Logs in a demo user (password = username) and answers the headers to send with later requests:
 * the session cookie and the session's X-CSRFToken.
 */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  password = username,
): Promise<{ headers: Record<string, string> }> {
  const res = await postLogin(app, { username, password })
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`)
  const cookie = `sessionid=${setCookies(res).sessionid}`
  const csrf = await app.inject({ url: '/auth/csrf/', headers: { cookie } })
  return { headers: { cookie, 'x-csrftoken': csrf.json().csrftoken } }
}
