// The due-date notices are asked for by the workers themselves (decision 3603): started, a worker process sends the
// reminder of a report due in three days without anyone asking.
import { describe, expect, it } from 'vitest'
import { addReferenceEntry, reminderKey, writeNotices } from '@portal/workflow-domain/commands.server.ts'
import { type CurrentUser, Refused, regionDay } from '@portal/workflow-domain/views.ts'
import { startWorkers } from '../src/workers.server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { holder, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()

const noticesOf = (kind: string, position: number) =>
  t.database.db.selectFrom('notifications').selectAll().where('kind', '=', kind).where('event_position', '=', position).orderBy('id').execute()

async function noticeId(key: string): Promise<number | null> {
  const row = await t.database.db.selectFrom('due_notices').select('id').where('key', '=', key).executeTakeFirst()
  return row ? Number(row.id) : null
}

/** A company-level greenhouse report of a year, with its responsible person: nothing sent yet. */
async function greenhouseReport(year: number) {
  const h = await holder(t.app, t.database.db, 'holder1')
  const saved = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year, ...RESPONSIBLE } })
  expect([200, 201, 409], saved.body).toContain(saved.statusCode)
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year, report_type: 'greenhouse_gases' } })
  expect([200, 201], created.body).toContain(created.statusCode)
  return { reportId: created.json().id as number }
}

describe('the workers send the due-date notices by themselves', () => {
  it('is asked for by the workers themselves when they start', { timeout: 180_000 }, async () => {
    // A report due in three days (an administrator's date), nothing sent yet: of a year of this one or before (a due
    // date is not before its year) whose greenhouse report the demo data does not hold.
    const h = await holder(t.app, t.database.db, 'holder1')
    const taken = new Set((await t.database.db.selectFrom('import_reports').select('year').where('company_id', '=', h.companyId).where('report_type', '=', 'greenhouse_gases').execute()).map((r) => r.year))
    let year = Number(regionDay(new Date()).slice(0, 4))
    while (taken.has(year)) year--
    const dueDay = regionDay(new Date(Date.now() + 3 * 86_400_000))
    const admin = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', 'admin').executeTakeFirstOrThrow()
    const actor = { id: admin.id, username: admin.username, groups: admin.groups, companyId: admin.company_id } as unknown as CurrentUser
    const added = await addReferenceEntry(
      { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor, requestId: 'due-test', clientAddress: '10.1.2.3', now: new Date(), notices: writeNotices },
      { kind: 'due-date', values: { report_type: 'greenhouse_gases', year: String(year), due_date: dueDay } },
    )
    if (added instanceof Refused) throw new Error(JSON.stringify(added.refusal))
    const { reportId } = await greenhouseReport(year)
    await startWorkers(t.queue, { db: t.database.db, config: t.app.config, log: { info() {}, warn() {}, error() {} } })
    const deadline = Date.now() + 150_000
    let id: number | null = null
    while (id === null && Date.now() < deadline) {
      id = await noticeId(reminderKey(reportId, dueDay))
      if (id === null) await new Promise((resolve) => setTimeout(resolve, 500))
    }
    expect(id).not.toBeNull()
    expect(await noticesOf('due_reminder', -id!)).not.toHaveLength(0)
  })
})
