import { refusalAnswer } from '../../domain/src/vocabulary/refusal-answers.ts'
import { CommandRefused, Refused } from '../../domain/src/workflow/refusal.ts'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../domain/src/auth/permissions.ts'
import { verifyHashChain } from '../../domain/src/event-store/event-store.server.ts'
import type { CommandContext } from '../../domain/src/workflow/command-context.server.ts'
import { requestFileDeletion, uploadFile } from '../../domain/src/workflow/files/file-commands.server.ts'
import { recordFileChecked, recordFileDeleted } from '../../domain/src/use-cases/worker-commands.server.ts'
import { HttpError } from '../../domain/src/vocabulary/http-errors.ts'
import { verifyProjections } from '../../domain/src/all-streams/replay/replay.server.ts'
import { createReport, type Decision, decideOnReport } from '../../domain/src/workflow/reports/report-commands.server.ts'
import { createResponsible } from '../../domain/src/workflow/responsibles/responsible-commands.server.ts'
import { newStorageKey, removeStoredFile, storeFile } from '../../domain/src/workflow/storage/file-storage.server.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'
import { writeNotices } from '../../domain/src/notifications/notice-writer.server.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1

type Command =
  | { kind: 'decide'; user: number; report: number; decision: Decision }
  | { kind: 'upload'; user: number; report: number }
  | { kind: 'check'; file: number; ok: boolean }
  | { kind: 'delete'; user: number; file: number }
  | { kind: 'deleted'; file: number }
  | { kind: 'create'; user: number; company: number }

const users: CurrentUser[] = []
const reports: number[] = []
const companies: number[] = []
const files: number[] = []
let clock = Date.parse('2033-01-01T00:00:00Z')

function context(actor: CurrentUser | null): CommandContext {
  clock += 1000
  return { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor, requestId: 'property', clientAddress: '127.0.0.1', now: new Date(clock), notices: writeNotices }
}

/** Runs one command: nothing, or the refusal it returned (a refusal that rolled its transaction back is thrown). */
async function run(command: Command): Promise<void | Refused> {
  const pick = <T,>(list: T[], i: number) => list[i % list.length]
  switch (command.kind) {
    case 'decide':
      return decideOnReport(context(pick(users, command.user)), pick(reports, command.report), { decision: command.decision, comment: 'Комментарий', files: [] })
    case 'upload': {
      const storageKey = newStorageKey()
      // Bytes of their own: the same bytes twice in one report are a repeated file, refused (decision 2120).
      const { size, sha256 } = await storeFile(t.app.config.storageDir, storageKey, Buffer.from(`a;b\r\n1;${storageKey}\r\n`))
      try {
        const uploaded = await uploadFile(context(pick(users, command.user)), {
          reportId: pick(reports, command.report),
          description: 'Файл',
          ecomonResponsibleId: null,
          companyResponsibleId: null,
          upload: { storageKey, name: 'Данные.csv', size, sha256, contentType: 'text/csv' },
        })
        if (uploaded instanceof Refused) {
          await removeStoredFile(t.app.config.storageDir, storageKey)
          return uploaded
        }
        files.push(uploaded.fileId)
      } catch (error) {
        await removeStoredFile(t.app.config.storageDir, storageKey)
        throw error
      }
      return
    }
    case 'check':
      if (files.length === 0) return
      await recordFileChecked(t.database.db, { fileId: pick(files, command.file), ok: command.ok, problems: command.ok ? [] : [{ reason: 'ошибка' }] }, { now: new Date((clock += 1000)) })
      return
    case 'delete':
      if (files.length === 0) return
      return requestFileDeletion(context(pick(users, command.user)), pick(files, command.file))
    case 'deleted':
      if (files.length === 0) return
      await recordFileDeleted(t.database.db, { fileId: pick(files, command.file) }, { now: new Date((clock += 1000)) })
      return
    case 'create': {
      const created = await createReport(context(pick(users, command.user)), { company: pick(companies, command.company), year: YEAR, reportType: 'observation_results' })
      return created instanceof Refused ? created : undefined
    }
  }
}

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('decide' as const), user: fc.nat(10), report: fc.nat(10), decision: fc.constantFrom<Decision>('agree', 'decline', 'cancel') }),
  fc.record({ kind: fc.constant('upload' as const), user: fc.nat(10), report: fc.nat(10) }),
  fc.record({ kind: fc.constant('check' as const), file: fc.nat(50), ok: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), user: fc.nat(10), file: fc.nat(50) }),
  fc.record({ kind: fc.constant('deleted' as const), file: fc.nat(50) }),
  fc.record({ kind: fc.constant('create' as const), user: fc.nat(10), company: fc.nat(3) }),
)

const eventCount = async () => Number((await t.database.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

describe('workflow under random commands', () => {
  beforeAll(async () => {
    const holders = await t.database.db.selectFrom('users').select(['id', 'username', 'company_id']).where('username', 'in', ['holder1', 'holder2']).orderBy('username').execute()
    users.push(
      { id: 9001, username: 'department', groups: ['Департамент'], companyId: null },
      { id: 9002, username: 'department2', groups: ['Департамент'], companyId: null },
      ...holders.map((h) => ({ id: h.id, username: h.username, groups: ['Недропользователь' as const], companyId: h.company_id })),
      { id: 9003, username: 'admin', groups: ['Администратор'], companyId: null },
    )
    for (const h of holders) {
      companies.push(h.company_id!)
      const area = await t.database.db.selectFrom('areas').select('id').where('company_id', '=', h.company_id).where('kind', '=', 'licence_area').orderBy('id').executeTakeFirstOrThrow()
      const holderUser = users.find((u) => u.username === h.username)!
      await createResponsible(context(holderUser), { scope: 'area', targetId: area.id, year: YEAR, details: { ...RESPONSIBLE, labsName: null, labsContacts: null } })
      const rows = await t.database.db.selectFrom('import_reports').select('id').where('area_id', '=', area.id).where('year', '=', YEAR).orderBy('id').execute()
      reports.push(...rows.map((r) => r.id))
    }
  })

  it('keeps the projections equal to a fresh replay, refused commands eventless and the hash chain intact', async () => {
    let refused = 0
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 12 }), async (commands) => {
        for (const command of commands) {
          const before = await eventCount()
          let refusal: unknown = null
          try {
            refusal = (await run(command)) ?? null
          } catch (error) {
            refusal = error
          }
          const after = await eventCount()
          if (refusal) {
            // A refusal, returned or thrown to roll back, is a 400/403/404/409 answer, never an unexpected failure, and
            // it leaves no event.
            const reason = refusal instanceof CommandRefused || refusal instanceof Refused ? refusal.refusal : null
            const status = reason ? refusalAnswer(reason).status : (refusal as HttpError).statusCode
            expect(reason !== null || refusal instanceof HttpError, String(refusal)).toBe(true)
            expect([400, 403, 404, 409]).toContain(status)
            expect(after).toBe(before)
            refused += 1
          } else {
            expect(after).toBeGreaterThanOrEqual(before)
            accepted += 1
          }
          const replay = await verifyProjections(t.database.db)
          expect(replay.differences).toEqual([])
          expect(replay.chain.broken).toBeNull()
        }
      }),
      // A fixed seed, so npm test is repeatable: this one found a resubmission the replay could not fold.
      // WORKFLOW_PROPERTY_SEED tries another.
      { numRuns: 10, seed: Number(process.env.WORKFLOW_PROPERTY_SEED ?? 703750057) },
    )
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
    // The random commands exercised both sides of the rules.
    expect(refused).toBeGreaterThan(0)
    expect(accepted).toBeGreaterThan(0)
    // Every command is followed by a full replay: on a busy machine this takes longer than the default 30 s.
  }, 180_000)
})
