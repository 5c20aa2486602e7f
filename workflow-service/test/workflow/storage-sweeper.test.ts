// Bytes written by an upload whose process died before its event was recorded are removed by the sweeper, after
// the grace period only; every file an event names (uploads, decision attachments, demo files) stays.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { storedFilePath } from '../../domain/src/workflow/storage/file-storage.server.ts'
import { sweepStorage } from '../../domain/src/workflow/storage/storage-sweeper.server.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const root = path.resolve(import.meta.dirname, '../../..')
const YEAR = new Date().getFullYear() + 1

const allFiles = () => readdirSync(t.app.config.storageDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name))

describe('the storage sweeper', () => {
  it('removes the bytes of an upload that crashed between its write and its event, after the grace period only', async () => {
    // A registered upload: its event names its bytes.
    const h = await holder(t.app, t.database.db, 'holder1')
    await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
    const list = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent(h.areaName)}&report_type=program`, headers: h.headers })
    const body = multipartWithFiles({ report: list.json().results[0].id }, [{ field: 'file', filename: 'Программа.pdf', content: '%PDF-1.4\n% программа\n%%EOF\n', contentType: 'application/pdf' }])
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
    expect(uploaded.statusCode).toBe(201)
    const kept = await t.database.db.selectFrom('import_files').select('storage_key').where('id', '=', uploaded.json().id).executeTakeFirstOrThrow()

    // A process writes an upload's bytes as the route does, and is killed before the command runs.
    const script = `
      import { newStorageKey, storeFile } from './workflow-service/domain/src/workflow/storage/file-storage.server.ts'
      const key = newStorageKey()
      await storeFile(process.env.STORAGE, key, Buffer.from('half an upload'))
      process.stdout.write(key)
      process.kill(process.pid, 'SIGKILL')`
    const crashed = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, env: { ...process.env, STORAGE: t.app.config.storageDir }, encoding: 'utf8' })
    expect(crashed.signal).toBe('SIGKILL')
    const orphan = crashed.stdout.trim()
    expect(existsSync(storedFilePath(t.app.config.storageDir, orphan))).toBe(true)
    const before = allFiles()

    // Within the grace period nothing goes: it could be an upload on its way to its event.
    expect(await sweepStorage(t.database.db, t.app.config.storageDir)).toEqual([])
    expect(allFiles()).toEqual(before)

    // Two days later the orphan goes, and only it.
    const removed = await sweepStorage(t.database.db, t.app.config.storageDir, { now: new Date(Date.now() + 2 * 24 * 3600 * 1000) })
    expect(removed).toEqual([orphan])
    expect(existsSync(storedFilePath(t.app.config.storageDir, orphan))).toBe(false)
    expect(existsSync(storedFilePath(t.app.config.storageDir, kept.storage_key))).toBe(true)
    expect(allFiles().sort()).toEqual(before.filter((f) => !f.endsWith(orphan)).sort())
  })
})
