// A browser-like client of one node at a time over real HTTP: it keeps its cookies and CSRF token, so a session
// made on one node can be carried to another.
export interface Answer {
  status: number
  headers: Headers
  body: any
}

export class Client {
  private cookies = new Map<string, string>()
  private csrf = ''

  get csrfToken(): string {
    return this.csrf
  }

  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair.indexOf('=')
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }

  async request(base: string, method: string, url: string, body?: object | FormData, extra: Record<string, string> = {}): Promise<Answer> {
    const headers: Record<string, string> = { cookie: this.cookie, 'x-csrftoken': this.csrf, ...extra }
    let payload: string | FormData | undefined
    if (body instanceof FormData) payload = body
    else if (body) {
      payload = JSON.stringify(body)
      headers['content-type'] = 'application/json'
    }
    const res = await fetch(`${base}${url}`, { method, headers, body: payload, redirect: 'manual' })
    this.remember(res.headers)
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // a page or an empty body
    }
    return { status: res.status, headers: res.headers, body: parsed }
  }

  /** Logs in through the real flow (the CSRF token, then the login form) on the node at `base`. */
  async login(base: string, username: string, password = username): Promise<void> {
    this.csrf = (await this.request(base, 'GET', '/auth/csrf/')).body.csrftoken
    const form = new FormData()
    form.set('username', username)
    form.set('password', password)
    const res = await this.request(base, 'POST', '/auth/login/', form)
    if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`)
    this.csrf = (await this.request(base, 'GET', '/auth/csrf/')).body.csrftoken
  }
}
