// The decision dialog of the reports page sends its files to the same use-case as the API: a file whose content is
// not what its name says is refused with the upload's Russian text, and nothing is recorded or kept.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { pageContext } from './support/load-context.ts'
import { reportsAction } from '../app/features/reports/server/reports-actions.server.ts'

const t = useTestApp()
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-decision-attachments-'))

async function department(): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', 'department').executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

const contextOf = (user: CurrentUser): AppLoadContext => pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir })

function decline(companyId: number, reportId: number, file: File): Request {
  const form = new FormData()
  form.set('intent', 'decide')
  form.set('report', String(reportId))
  form.set('status', 'rejected')
  form.set('comment', 'Исправьте отчёт')
  form.append('files', file)
  return new Request(`http://localhost/monitoring/companies/${companyId}/reports`, { method: 'POST', body: form })
}

/** Remix's data() answers { type: 'DataWithResponseInit', data, init }. */
function answerOf(response: unknown): { status: number; body: Record<string, unknown> } {
  const value = response as { data: Record<string, unknown>; init: { status?: number } | null }
  return { status: value.init?.status ?? 200, body: value.data }
}

const storedFiles = () => {
  const root = path.join(dataDir, 'files')
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0
}

describe('decision attachments sent from the reports page', () => {
  it('refuses a program named .pdf with the upload text, records no decision and keeps no bytes; takes a real PDF', async () => {
    const report = await t.database.db.selectFrom('import_reports').select(['id', 'company_id']).where('status', '=', 'consideration').orderBy('id').executeTakeFirstOrThrow()
    const user = await department()
    const events = async () => (await t.database.db.selectFrom('events').select('position').execute()).length
    const before = await events()
    const program = new File([Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)])], 'Замечания.pdf', { type: 'application/pdf' })
    const refused = answerOf(await reportsAction(decline(report.company_id, report.id, program), contextOf(user), report.company_id))
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ intent: 'decide', ok: false, message: 'Файл «Замечания.pdf» — исполняемая программа, такие файлы не принимаются.' })
    expect(await events()).toBe(before)
    expect(storedFiles()).toBe(0)

    const pdf = new File(['%PDF-1.4\n%замечания'], 'Замечания.pdf', { type: 'application/pdf' })
    const taken = answerOf(await reportsAction(decline(report.company_id, report.id, pdf), contextOf(user), report.company_id))
    expect(taken.body).toMatchObject({ intent: 'decide', ok: true })
    expect(storedFiles()).toBe(1)
  })
})
