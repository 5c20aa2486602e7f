// A full file store is told truly: an upload that meets it is answered 507 and logged at error level with its
// request id, /readyz says the store is low and /metrics shows its free bytes, a retry of an upload already
// acknowledged gets its first answer, and nothing half written stays. Run as root, the store is a small tmpfs this
// file mounts; otherwise the same fault comes through the storage's seam.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/src/app.ts'
import { loadConfig } from '../../server/src/config.ts'
import { createLogger } from '../../platform/src/logs/logger.ts'
import { useStorageSync } from '../../domain/src/workflow/storage/file-storage.server.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { reportTemplateFiles } from '../../../test-support/system.ts'
import { holder, type Holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
const METRICS_TOKEN = 'metrics-token-0123456789abcdef'

const store = mkdtempSync(path.join(tmpdir(), 'portal-full-store-'))
let mounted = false
if (process.getuid?.() === 0) {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', store])
    mounted = true
  } catch {
    // A container without the right to mount: the seam below plays the full disk.
  }
}

let logged = ''
const sink = new Writable({
  write(chunk, _encoding, done) {
    logged += chunk.toString()
    done()
  },
})
let app: FastifyInstance
let h: Holder
let reportId: number

beforeAll(async () => {
  const config = loadConfig({
    DATABASE_URL: t.database.url,
    DATA_DIR: path.dirname(t.app.config.storageDir),
    STORAGE_DIR: store,
    // 1 MB of the 2 MB store; the seam's store (no mount) is never that empty, so it asks for more than any disk has.
    STORAGE_MIN_FREE_MB: mounted ? '1' : '10485760',
    METRICS_TOKEN,
    UPLOAD_RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  })
  app = await buildApp({ db: t.database.db, config, queue: t.queue, templates: reportTemplateFiles, logger: createLogger('info', sink) })
  await app.ready()
  h = await holder(app, t.database.db, 'holder1')
  await app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
  const list = await app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent(h.areaName)}&report_type=program`, headers: h.headers })
  reportId = list.json().results[0].id
})

afterAll(async () => {
  useStorageSync()
  await app?.close()
  if (mounted) execFileSync('umount', [store])
  rmSync(store, { recursive: true, force: true })
})

const upload = (name: string, content: Buffer | string, key: string) => {
  const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename: name, content, contentType: 'application/pdf' }])
  return app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers, 'idempotency-key': key }, payload: body.payload })
}
const pdf = (text: string, padding = 0) => Buffer.concat([Buffer.from(`%PDF-1.4\n% ${text}\n`), Buffer.alloc(padding, 0x20), Buffer.from('\n%%EOF\n')])
const storedNames = () => readdirSync(store, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name)

/** Fills the store: a real tmpfs to its last byte, or the seam refuses every write as a full disk would. */
function fillStore(): void {
  if (!mounted) {
    useStorageSync({
      syncFile: async () => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' })
      },
      syncFolder: async () => {},
    })
    return
  }
  for (let i = 0; ; i++) {
    try {
      writeFileSync(path.join(store, `filler-${i}`), Buffer.alloc(64 * 1024, 1))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return
      throw error
    }
  }
}

function emptyStore(): void {
  useStorageSync()
  for (const name of readdirSync(store)) if (name.startsWith('filler-')) rmSync(path.join(store, name))
}

describe('a full file store', () => {
  it('answers 507 and logs one error line with the request id, says not ready, and still answers a retry of an acknowledged upload', async () => {
    const first = await upload('Программа.pdf', pdf('первая программа'), 'upload-before-the-disk-filled')
    expect(first.statusCode).toBe(201)
    const ready = await app.inject({ url: '/readyz' })
    if (mounted) expect(ready.json()).toMatchObject({ storage: 'ok' })

    fillStore()
    try {
      // A new upload: the server's fault, said as such (not a broken form), and nothing half written is left.
      const refused = await upload('Программа-2.pdf', pdf('вторая программа', 600 * 1024), 'upload-on-a-full-disk')
      expect(refused.statusCode).toBe(507)
      expect(refused.json().detail).toContain('закончилось место для файлов')
      expect(refused.json().detail).toContain('повторите запрос позже')
      expect(storedNames().filter((n) => n.endsWith('.part'))).toEqual([])
      const requestId = refused.headers['x-request-id']
      const errors = logged
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((line) => line.level === 50)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatchObject({ msg: 'the file store refused a write: nothing was saved', code: 'ENOSPC' })
      if (requestId) expect(errors[0].reqId).toBe(requestId)
      else expect(errors[0].reqId).toEqual(expect.any(String))

      // The retry of the upload acknowledged before: its first answer, whatever the disk can take now.
      const retried = await upload('Программа.pdf', pdf('первая программа'), 'upload-before-the-disk-filled')
      expect(retried.statusCode).toBe(201)
      expect(retried.json().id).toBe(first.json().id)

      const notReady = await app.inject({ url: '/readyz' })
      expect(notReady.statusCode).toBe(503)
      expect(notReady.json()).toMatchObject({ status: 'not ready', storage: 'low' })
      expect(notReady.json().reason).toContain('STORAGE_MIN_FREE_MB')
      const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(metrics.body).toMatch(/^portal_storage_free_bytes\{dir="[^"]+"\} \d+$/m)
      expect(metrics.body).toMatch(/^portal_storage_ready\{dir="[^"]+"\} 0$/m)
    } finally {
      emptyStore()
    }
    if (mounted) {
      const again = await app.inject({ url: '/readyz' })
      expect(again.json()).toMatchObject({ storage: 'ok' })
      const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(metrics.body).toMatch(/^portal_storage_ready\{dir="[^"]+"\} 1$/m)
    }
  })
})

describe('an acknowledged file is durable', () => {
  it('syncs the file, then renames it, then syncs its folder, all before the upload is committed and answered 201', async () => {
    const steps: string[] = []
    const committed = async () => (await t.database.db.selectFrom('events').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n
    const before = await committed()
    useStorageSync({
      async syncFile(file) {
        // The bytes are synced under their `.part` name: the final name does not exist yet.
        steps.push(`file ${path.basename(file).endsWith('.part') ? 'part' : 'final'} events+${(await committed()) - before}`)
      },
      async syncFolder(folder) {
        steps.push(`folder ${readdirSync(folder).some((n) => n.endsWith('.part')) ? 'with part' : 'renamed'} events+${(await committed()) - before}`)
      },
    })
    try {
      const res = await upload('Программа-3.pdf', pdf('третья программа'), 'durable-upload')
      expect(res.statusCode).toBe(201)
    } finally {
      useStorageSync()
    }
    // A new shard folder may be synced into the store's root first; then the file, then its renamed entry, and
    // only then is the upload's event committed.
    expect(steps.slice(-2)).toEqual(['file part events+0', 'folder renamed events+0'])
    expect(await committed()).toBeGreaterThan(before)
  })

  it('syncs with the disk by default: a stored file and its folder are fsynced', async () => {
    const { storeFile, newStorageKey, storedFilePath } = await import('../../domain/src/workflow/storage/file-storage.server.ts')
    const key = newStorageKey()
    await storeFile(store, key, Buffer.from('synced bytes'))
    expect(readdirSync(path.dirname(storedFilePath(store, key)))).toContain(key)
  })
})
