// Two apps in one process (two in one test file, or test files sharing a process with `isolate: false`, decision
// 2723): what a module keeps for the whole process must not carry one app's database, queue, chain head or audit
// key into another app.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JOBS } from '@portal/workflow-domain/ports.ts'
import { buildApp } from '../../server/src/app.ts'
import { loadConfig } from '../../server/src/config.ts'
import { auditKey, useAuditKey } from '../../domain/src/event-store/audit-key.server.ts'
import { chainHeadFile, useChainHead } from '../../domain/src/event-store/chain-head.server.ts'
import { metricsText } from '../../server/src/observability/metrics.server.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { reportTemplateFiles } from '../../../test-support/system.ts'

const METRICS_TOKEN = 'metrics-token-0123456789abcdef'
const otherFolder = mkdtempSync(path.join(tmpdir(), 'portal-earlier-file-'))

// What an earlier test file of this process could have left: a head recorded for its database, another key.
beforeAll(() => {
  useChainHead(otherFolder, 'an earlier file/its database')
  useAuditKey(Buffer.from('a key an earlier test file used, 32+ characters long'))
})
afterAll(() => rmSync(otherFolder, { recursive: true, force: true }))

const first = useTestApp({ METRICS_TOKEN })
const second = useTestApp({ METRICS_TOKEN })

const waiting = (body: string, kind: string) => Number(new RegExp(`^portal_queue_jobs\\{kind="${kind}",state="waiting"\\} (\\d+)$`, 'm').exec(body)?.[1])
const scrape = async (app: typeof first.app) => (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body

describe('two apps in one process', () => {
  it('each answer /metrics with the jobs of their own queue', async () => {
    await first.queue.send(JOBS.fileDelete, { fileId: 1 })
    expect(waiting(await scrape(first.app), JOBS.fileDelete)).toBe(1)
    expect(waiting(await scrape(second.app), JOBS.fileDelete)).toBe(0)
  })

  it('read no closed app: once the app built last has closed, a scrape that names no app shows no queue', async () => {
    const closing = await buildApp({ db: first.database.db, config: loadConfig({ DATABASE_URL: first.database.url, METRICS_TOKEN }), queue: first.queue, templates: reportTemplateFiles })
    await closing.close()
    expect(await metricsText()).not.toMatch(/^portal_queue_jobs\{/m)
  })

  it('start as the portal does: the run’s audit key, and no chain head recorded for an earlier file’s database', () => {
    expect(chainHeadFile()).toBeNull()
    expect(auditKey().toString('utf8')).toBe(process.env.AUDIT_KEY)
  })
})
