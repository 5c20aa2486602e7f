// A multipart page form (a holder's upload, the Department's decision with files) is streamed from the socket to
// storage: the web server never holds the body, yet the CSRF token — the form's first field — is checked before any
// file byte is stored, and the upload limit still cuts a file off. Served through the real Fastify app and its Remix
// plugin, with a build whose one route is the reports page's action.
import { readdirSync, statSync } from 'node:fs'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { reportsActionBuild as build } from './support/reports-action-build.ts'

const t = useTestApp({ MAX_UPLOAD_MB: '1', PUBLIC_URL: 'http://127.0.0.1' }, { remix: { build, clientDir: path.join(import.meta.dirname, 'support') } })
let port = 0
let session: { cookie: string; token: string }
let report: { id: number; company_id: number }

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
  const { headers } = await loginAs(t.app, 'department')
  session = { cookie: headers.cookie, token: headers['x-csrftoken'] }
  report = await t.database.db.selectFrom('import_reports').select(['id', 'company_id']).where('status', '=', 'consideration').orderBy('id').executeTakeFirstOrThrow()
})
afterAll(async () => {
  await t.app.close()
})

type Part = { name: string; value: string | Buffer; filename?: string }
const BOUNDARY = '----page-stream-test'
const head = (p: Part) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n`

function multipart(parts: Part[]): Buffer {
  return Buffer.concat([...parts.flatMap((p) => [Buffer.from(head(p)), Buffer.from(p.value), Buffer.from('\r\n')]), Buffer.from(`--${BOUNDARY}--\r\n`)])
}

const decision = (comment: string): Part[] => [
  { name: 'intent', value: 'decide' },
  { name: 'report', value: String(report.id) },
  { name: 'status', value: 'rejected' },
  { name: 'comment', value: comment },
]
const pdf = (size: number): Part => ({ name: 'files', filename: 'Замечания.pdf', value: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 'a')]) })

function post(payload: Buffer, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/monitoring/companies/${report.company_id}/reports`,
    headers: { cookie: session.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...extra },
    payload,
  })
}

/** Every byte in storage: the seeded files and whatever a post left there. */
function storedBytes(): number {
  const root = t.app.config.storageDir
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .reduce((sum, d) => sum + statSync(path.join(d.parentPath, d.name)).size, 0)
}

const CSRF_REFUSED = 'CSRF-токен отсутствует или неверен. Обновите страницу и повторите действие.'
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('multipart page forms, streamed with the CSRF token first', () => {
  it('refuses a form without the token with 403, storing nothing', async () => {
    const before = storedBytes()
    const res = await post(multipart([...decision('Без токена'), pdf(200_000)]))
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ detail: CSRF_REFUSED })
    expect(storedBytes()).toBe(before)
  })

  it('refuses a form whose token comes after the file with 403, storing nothing', async () => {
    const before = storedBytes()
    const res = await post(multipart([...decision('Токен в конце'), pdf(200_000), { name: 'csrfmiddlewaretoken', value: session.token }]))
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ detail: CSRF_REFUSED })
    expect(storedBytes()).toBe(before)
  })

  it('refuses a wrong token, and a token in a file part, with 403', async () => {
    const wrong = await post(multipart([{ name: 'csrfmiddlewaretoken', value: `${session.token.slice(0, -1)}x` }, ...decision('Чужой токен'), pdf(1000)]))
    expect(wrong.statusCode).toBe(403)
    const asFile = await post(multipart([{ name: 'csrfmiddlewaretoken', filename: 'token.txt', value: session.token }, ...decision('Токен файлом')]))
    expect(asFile.statusCode).toBe(403)
  })

  it('refuses a form with the right token sent from another site', async () => {
    const before = storedBytes()
    const body = multipart([{ name: 'csrfmiddlewaretoken', value: session.token }, ...decision('С другого сайта'), pdf(1000)])
    expect((await post(body, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await post(body, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect(storedBytes()).toBe(before)
  })

  it('cuts a file over MAX_UPLOAD_MB off with the Russian 413 and keeps none of it', async () => {
    const before = storedBytes()
    const res = await post(multipart([{ name: 'csrfmiddlewaretoken', value: session.token }, ...decision('Слишком большой файл'), pdf(1024 * 1024 + 10)]))
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ ok: false, message: 'Максимальный размер загружаемого файла 1 Мб' })
    expect(storedBytes()).toBe(before)
  })

  it('refuses a body declared larger than any page form may be before reading it', async () => {
    const res = await post(multipart([{ name: 'csrfmiddlewaretoken', value: session.token }]), { 'content-length': String(100 * 1024 * 1024) })
    expect(res.statusCode).toBe(413)
  })

  it('cuts a body without a length off at the page forms\' bound, with the Russian 413 and nothing kept', async () => {
    const before = storedBytes()
    // Twenty-four files each under the 1 MB limit: more than MAX_UPLOAD_MB × 20 + 1 MB together.
    const files = Array.from({ length: 24 }, () => pdf(1000 * 1000))
    const payload = multipart([{ name: 'csrfmiddlewaretoken', value: session.token }, ...decision('Слишком много'), ...files])
    const res = await t.app.inject({
      method: 'POST',
      url: `/monitoring/companies/${report.company_id}/reports`,
      headers: { cookie: session.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Readable.from([payload.subarray(0, payload.length / 2), payload.subarray(payload.length / 2)]),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ ok: false, message: 'Максимальный размер загружаемого файла 1 Мб' })
    expect(storedBytes()).toBe(before)
  })

  it('takes a decision with its file when the token comes first, as before', async () => {
    const before = storedBytes()
    const res = await post(multipart([{ name: 'csrfmiddlewaretoken', value: session.token }, ...decision('Исправьте отчёт'), pdf(300_000)]))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ intent: 'decide', ok: true })
    expect(storedBytes()).toBeGreaterThan(before + 300_000)
    const row = await t.database.db.selectFrom('import_reports').select('status').where('id', '=', report.id).executeTakeFirstOrThrow()
    expect(row.status).toBe('rejected')
  })

  it('stores a file as it arrives: its bytes are on disk while the client is still sending the rest', async () => {
    const next = await t.database.db.selectFrom('import_reports').select(['id', 'company_id']).where('status', '=', 'consideration').orderBy('id').executeTakeFirstOrThrow()
    const first = Buffer.concat([
      Buffer.from(head({ name: 'csrfmiddlewaretoken', value: '' }) + session.token + '\r\n'),
      Buffer.from(head({ name: 'intent', value: '' }) + 'decide\r\n'),
      Buffer.from(head({ name: 'report', value: '' }) + `${next.id}\r\n`),
      Buffer.from(head({ name: 'status', value: '' }) + 'rejected\r\n'),
      Buffer.from(head({ name: 'comment', value: '' }) + 'Потоком\r\n'),
      Buffer.from(head({ name: 'files', filename: 'Поток.pdf', value: '' })),
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(400_000, 'a'),
    ])
    const rest = Buffer.concat([Buffer.alloc(400_000, 'b'), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')))
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    const before = storedBytes()
    socket.write(
      `POST /monitoring/companies/${next.company_id}/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${session.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${first.length + rest.length}\r\nConnection: close\r\n\r\n`,
    )
    socket.write(first)
    // Half of the body is sent and the rest held back: a server that buffers the body has stored nothing yet.
    let storedWhileSending = 0
    for (let i = 0; i < 300 && storedWhileSending < 400_000; i++) {
      await pause(100)
      storedWhileSending = storedBytes() - before
    }
    expect(answer).toBe('')
    expect(storedWhileSending).toBeGreaterThanOrEqual(400_000)
    socket.write(rest)
    await closed
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toContain('"ok":true')
    expect(storedBytes() - before).toBe(800_000 + '%PDF-1.4\n'.length)
  }, 60_000)
})
