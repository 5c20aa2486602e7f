// A slow body on a page route gets the upload's time only from a request that shows it may send files: a session
// allowed to upload and its valid CSRF token as the form's first field. The public (with the public's valid token), a
// forged session cookie and a session that may not upload are cut at HTTP_TIMEOUT_SECONDS. Raw sockets against the
// listening app, as body-limits-and-timeouts.test.ts does for the API.
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { anonymousCsrf, loginAs } from '../../test-support/login.ts'
import { listenForRawClients, openRaw, sendSlowly } from '../../test-support/raw-connection.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import type { ServerBuild } from '@remix-run/node'
import { reportsActionBuild } from './support/reports-action-build.ts'

/** A page whose action reads the whole form, as the login and administration pages do. */
const readsForm = (id: string) => ({
  id,
  parentId: 'root',
  path: id,
  module: { default: () => null, action: async ({ request }: { request: Request }) => ((await request.formData()), { read: true }) },
})
const build = { ...reportsActionBuild, routes: { ...reportsActionBuild.routes, login: readsForm('login'), admin: readsForm('admin') } } as unknown as ServerBuild

// One second for bodies that are not a file's, a minute for an upload.
const t = useTestApp({ HTTP_TIMEOUT_SECONDS: '1', UPLOAD_TIMEOUT_SECONDS: '60' }, { remix: { build, clientDir: path.join(import.meta.dirname, 'support') } })
const port = listenForRawClients(t)
let holderCompany = 0

beforeAll(async () => {
  const holder = await t.database.db.selectFrom('users').select('company_id').where('username', '=', 'holder1').executeTakeFirstOrThrow()
  holderCompany = holder.company_id!
})

const BOUNDARY = '----slow-page-body'

/** A multipart form whose first field is the CSRF token, then an upload's fields and a small file. */
function uploadForm(token: string): Buffer {
  const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  return Buffer.from(
    field('csrfmiddlewaretoken', token) +
      field('intent', 'upload') +
      field('report', '2000000') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${'a;b\r\n'.repeat(100)}\r\n` +
      `--${BOUNDARY}--\r\n`,
  )
}

/** Sends the head and the form's first field (the token) at once, then the rest in `pieces` slices `gapMs` apart. */
async function trickle(url: string, cookie: string, token: string, pieces: number, gapMs: number) {
  const body = uploadForm(token)
  const firstField = body.indexOf(`--${BOUNDARY}`, 2)
  const head =
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`
  return sendSlowly(await openRaw(port()), Buffer.concat([Buffer.from(head, 'latin1'), body.subarray(0, firstField)]), body.subarray(firstField), pieces, gapMs)
}

/** Cut off before its body ended: not every slice went out, and nothing but a 408 came back. */
function expectCutShort(result: { answer: string; written: number }, pieces: number) {
  expect(result.written).toBeLessThan(pieces)
  expect(result.answer === '' || result.answer.startsWith('HTTP/1.1 408')).toBe(true)
}

describe('slow page bodies', () => {
  it('cuts an anonymous multipart post to the login page, token and all, at HTTP_TIMEOUT_SECONDS', async () => {
    const csrf = await anonymousCsrf(t.app)
    // 20 slices 300 ms apart: six seconds, far past the one-second timeout and far short of the upload's minute.
    for (const url of ['/monitoring/login', '/monitoring/login.data', '/monitoring/LOGIN', '/monitoring/admin']) {
      expectCutShort(await trickle(url, csrf.cookie, csrf.token, 20, 300), 20)
    }
  })

  it('cuts an anonymous post with a forged session cookie at HTTP_TIMEOUT_SECONDS', async () => {
    const csrf = await anonymousCsrf(t.app)
    const cookie = `${csrf.cookie}; sessionid=forged${'x'.repeat(32)}`
    expectCutShort(await trickle('/monitoring/login', cookie, csrf.token, 20, 300), 20)
  })

  it('cuts a session that may not upload (the administrator) at HTTP_TIMEOUT_SECONDS, valid token or not', async () => {
    const { headers } = await loginAs(t.app, 'admin')
    expectCutShort(await trickle('/monitoring/admin', headers.cookie, headers['x-csrftoken'], 20, 300), 20)
  })

  it('lets a holder with a valid token trickle an upload to the reports page past HTTP_TIMEOUT_SECONDS', async () => {
    const { headers } = await loginAs(t.app, 'holder1')
    // Ten slices 300 ms apart: three seconds, past the one-second timeout of other bodies.
    const result = await trickle(`/monitoring/companies/${holderCompany}/reports`, headers.cookie, headers['x-csrftoken'], 10, 300)
    expect(result.written).toBe(10)
    // Read to its end and answered by the action (the report does not exist), not cut off.
    expect(result.answer).toMatch(/^HTTP\/1\.1 [234]\d\d /)
    expect(result.answer).not.toMatch(/^HTTP\/1\.1 408 /)
    expect(result.answer).toContain('"intent":"upload"')
  })

  it('cuts a holder whose session is real but whose first field is a wrong token, without waiting for the body', async () => {
    const { headers } = await loginAs(t.app, 'holder1')
    const result = await trickle(`/monitoring/companies/${holderCompany}/reports`, headers.cookie, `${headers['x-csrftoken'].slice(0, -1)}x`, 20, 300)
    expect(result.answer).toMatch(/^HTTP\/1\.1 403 /)
    expect(result.written).toBeLessThan(20)
  })
})
