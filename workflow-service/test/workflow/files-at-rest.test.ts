// Files at rest: every stored file (uploads, decision attachments, the seed's demo files) is readable by the
// portal's own user only, 0600 in 0700 folders, whatever the umask and whatever mode an earlier version left.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { storedFilePath, storeFile } from '../../domain/src/workflow/storage/file-storage.server.ts'
import { writeDemoFile, demoFileUrl } from '../../server/src/seed/demo-files.server.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
const modeOf = (p: string) => (statSync(p).mode & 0o777).toString(8)

/** Every folder and file under a root, with its mode in octal. */
function modesUnder(root: string): { folders: Record<string, string>; files: Record<string, string> } {
  const folders: Record<string, string> = { '.': modeOf(root) }
  const files: Record<string, string> = {}
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    const name = path.relative(root, full)
    if (entry.isDirectory()) folders[name] = modeOf(full)
    else files[name] = modeOf(full)
  }
  return { folders, files }
}

const only = (modes: Record<string, string>, mode: string) => Object.entries(modes).filter(([, m]) => m !== mode)

describe('files at rest', () => {
  it("keeps the seed's demo files and decision attachments 0600 in 0700 folders", () => {
    const { folders, files } = modesUnder(inject('seedStorageDir'))
    expect(Object.keys(files).some((f) => f.startsWith(`demo${path.sep}`))).toBe(true)
    expect(Object.keys(files).some((f) => !f.startsWith(`demo${path.sep}`))).toBe(true)
    expect(only(files, '600')).toEqual([])
    expect(only(folders, '700')).toEqual([])
  })

  it('stores an upload and a decision attachment 0600 in 0700 folders, the storage folder included', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
    const listed = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent(h.areaName)}&report_type=final_report`, headers: h.headers })
    const reportId = listed.json().results[0].id as number
    // An earlier version left the storage folder open to everyone.
    chmodSync(t.app.config.storageDir, 0o755)
    const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename: 'Итоговый.pdf', content: '%PDF-1.4\n%итоговый' }])
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
    expect(uploaded.statusCode).toBe(201)
    const department = await loginAs(t.app, 'department')
    const decision = multipartWithFiles({ status: 'rejected', comment: 'Исправьте' }, [{ field: 'files', filename: 'Замечания.pdf', content: '%PDF-1.4\n%замечания', contentType: 'application/pdf' }])
    const decided = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: { ...department.headers, ...decision.headers }, payload: decision.payload })
    expect(decided.statusCode).toBe(200)
    const keys = await t.database.db.selectFrom('decision_files').select('id').where('report_id', '=', reportId).execute()
    const file = await t.database.db.selectFrom('import_files').select('storage_key').where('id', '=', uploaded.json().id).executeTakeFirstOrThrow()
    for (const key of [file.storage_key, ...keys.map((k) => k.id)]) {
      const stored = storedFilePath(t.app.config.storageDir, key)
      expect([modeOf(stored), modeOf(path.dirname(stored))], key).toEqual(['600', '700'])
    }
    expect(modeOf(t.app.config.storageDir)).toBe('700')
  })

  it('tightens a folder an earlier version made 0755, under any umask', async () => {
    const storage = mkdtempSync(path.join(tmpdir(), 'portal-at-rest-'))
    const previous = process.umask(0o000)
    try {
      chmodSync(storage, 0o755)
      mkdirSync(path.join(storage, 'ab'), { mode: 0o755 })
      const key = 'ab0c0d0e-0000-4000-8000-000000000001'
      await storeFile(storage, key, Buffer.from('%PDF-1.4\n'))
      await storeFile(storage, 'cd0c0d0e-0000-4000-8000-000000000002', Buffer.from('%PDF-1.4\n'))
      await writeDemoFile(storage, demoFileUrl('pollution-sources', 'scan'), 'Проверка')
      const { folders, files } = modesUnder(storage)
      expect(Object.keys(files)).toHaveLength(3)
      expect(only(files, '600')).toEqual([])
      expect(only(folders, '700')).toEqual([])
    } finally {
      process.umask(previous)
      rmSync(storage, { recursive: true, force: true })
    }
  })
})
