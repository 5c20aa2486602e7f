// The public's transparency record (decision 3710): each checkpoint of the log signed with the portal's Ed25519 key,
// the statements chained, the published readings' digest signed, and `npm run verify-public` checking a running
// portal from outside with no secret.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordCatalogueBaseline } from '../../domain/src/all-streams/baseline/catalogue-baseline.server.ts'
import { PUBLISHED_TABLES } from '../../domain/src/catalogue/published-rows.server.ts'
import { auditKey } from '../../domain/src/event-store/audit-key.server.ts'
import { writeCheckpoint } from '../../domain/src/event-store/checkpoints.server.ts'
import { rowDigestAccumulator } from '../../domain/src/transparency/row-digest.ts'
import { publishedDigests, recordSigningKey, sealAndSign } from '../../domain/src/transparency/sign-checkpoints.server.ts'
import { signingKey } from '../../domain/src/transparency/signing-key.server.ts'
import { type CheckpointStatement, fingerprintOf, GENESIS_HASH, signatureHolds, statementHash } from '../../domain/src/transparency/statement.ts'
import type { TransparencyIndex, TransparencyRows } from '../../domain/src/transparency/transparency-reads.server.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { addReferenceEntry, changeReferenceEntry } from '../../domain/src/admin/reference/reference-commands.server.ts'
import type { CurrentUser } from '../../domain/src/auth/permissions.ts'
import { writeNotices } from '../../domain/src/notifications/notice-writer.server.ts'
import { holder, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')
let base = ''

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(async () => {
  await t.app.close()
})

async function index(): Promise<TransparencyIndex> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/v1/transparency/' })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json()
}

async function verifyPublicCommand(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'workflow-service/server/src/cli/verify-public-command.ts', ...args], { cwd: root, env: process.env })
    return { code: 0, stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` }
  }
}

const PROCESSES = { timeout: 240_000 }

describe('the signed checkpoints of the log', () => {
  it('signs every checkpoint with the portal\'s Ed25519 key, records the key in the log first, and chains each statement to the one before', async () => {
    await sealAndSign(t.database.db)
    const { keys, statements } = await index()
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatchObject({ algorithm: 'Ed25519', fingerprint: signingKey().fingerprint, replaces: null })
    expect(fingerprintOf(keys[0].publicKey)).toBe(keys[0].fingerprint)
    expect(statements.length).toBeGreaterThan(0)
    let previous = GENESIS_HASH
    let from: number | null = null
    for (const signed of statements) {
      const statement = JSON.parse(signed.statement) as CheckpointStatement
      expect(signatureHolds(signed.statement, signed.signature, keys[0].publicKey)).toBe(true)
      expect(statement.previous).toBe(previous)
      if (from !== null) expect(statement.fromPosition).toBe(from)
      previous = statementHash(signed.statement)
      from = statement.toPosition
    }
    // The key's event is sealed by the checkpoint after it: the newest statement covers it.
    expect(from).toBeGreaterThanOrEqual(keys[0].position)
  })

  it('signs the published readings as the log stood at the seal, and the rows door gives the cells that hash to it', async () => {
    await sealAndSign(t.database.db)
    const { statements } = await index()
    const newest = JSON.parse(statements.at(-1)!.statement) as CheckpointStatement
    expect(newest.published).toEqual(await publishedDigests(t.database.db))
    for (const spec of PUBLISHED_TABLES) {
      const digest = rowDigestAccumulator()
      let after = 0
      for (;;) {
        const answer = await t.app.inject({ method: 'GET', url: `/api/v1/transparency/rows/?table=${spec.table}&after=${after}&limit=5000` })
        expect(answer.statusCode, answer.body).toBe(200)
        const page = answer.json<TransparencyRows>()
        for (const row of page.rows) digest.add(row)
        if (page.next === null) break
        after = page.next
      }
      expect({ table: spec.table, rows: digest.rows, digest: digest.digest() }).toEqual(newest.published!.find((p) => p.table === spec.table))
    }
  })

  it('refuses a table that holds no published readings, and a wrong page, with a 400 naming the parameter', async () => {
    for (const url of ['/api/v1/transparency/rows/?table=users', '/api/v1/transparency/rows/?table=measures_point_indications&after=-1', '/api/v1/transparency/?limit=1e400', '/api/v1/transparency/?after=abc']) {
      const answer = await t.app.inject({ method: 'GET', url })
      expect(answer.statusCode, url).toBe(400)
      expect(answer.body, url).toMatch(/table|after|limit/)
    }
  })

  it('gives the portal\'s role no way to change or remove a signed statement', async () => {
    await sealAndSign(t.database.db)
    for (const attack of [sql`UPDATE signed_checkpoints SET signature = 'x'`, sql`DELETE FROM signed_checkpoints`, sql`TRUNCATE signed_checkpoints`]) {
      await expect(attack.execute(t.database.db)).rejects.toThrow(/permission denied/)
    }
  })

  it('carries the digest over a checkpoint whose events changed no published reading, and reads it again after one that could', async () => {
    await sealAndSign(t.database.db)
    const newest = async () => JSON.parse((await index()).statements.at(-1)!.statement) as CheckpointStatement
    const signed = (await newest()).published
    // A reading changed behind the log, then an event of no publication (a responsible person named): the statement
    // still says what the log made public, so the change shows against it.
    const { rows } = await sql<{ id: string; value: number }>`SELECT id, value FROM measures_point_indications ORDER BY id LIMIT 1`.execute(t.database.ownerDb)
    await sql`UPDATE measures_point_indications SET value = value + 1 WHERE id = ${rows[0].id}`.execute(t.database.ownerDb)
    try {
      const h = await holder(t.app, t.database.db, 'holder1')
      const named = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: new Date().getFullYear() + 1, ...RESPONSIBLE } })
      expect(named.statusCode, named.body).toBe(201)
      expect((await sealAndSign(t.database.db)).sealed).toBe(true)
      expect((await newest()).published).toEqual(signed)
      expect((await newest()).published).not.toEqual(await publishedDigests(t.database.db))
      // The seed's baseline recorded again is an event that can change the public tables: read again.
      await recordCatalogueBaseline(t.database.db)
      await sealAndSign(t.database.db)
      expect((await newest()).published).toEqual(await publishedDigests(t.database.db))
    } finally {
      await sql`UPDATE measures_point_indications SET value = ${rows[0].value} WHERE id = ${rows[0].id}`.execute(t.database.ownerDb)
      await recordCatalogueBaseline(t.database.db)
      await sealAndSign(t.database.db)
    }
  })
})

describe('verify-public checks a running portal from outside', PROCESSES, () => {
  it('answers 0 when every signature, link and digest holds, naming the key and each table', async () => {
    await sealAndSign(t.database.db)
    const verdict = await verifyPublicCommand(`${base}/monitoring/`, '--fingerprint', signingKey().fingerprint, '--tries', '1')
    expect(verdict.code, verdict.stdout).toBe(0)
    expect(verdict.stdout).toContain(`ключи подписи: ${signingKey().fingerprint}`)
    for (const spec of PUBLISHED_TABLES) expect(verdict.stdout).toMatch(new RegExp(`${spec.table}: \\d+ строк, сводка совпадает`))
    expect(verdict.stdout).toContain('итог: запись прозрачности сходится')
  })

  it('answers 0 after a unit change converted published readings: the next statement signs the converted digest, the earlier ones still hold', async () => {
    await sealAndSign(t.database.db)
    const signed = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM signed_checkpoints`.execute(t.database.db)).rows[0].n)
    const signedBefore = await signed()
    const no2 = await t.database.db.selectFrom('substances').selectAll().where('name', '=', 'Диоксид азота (NO2)').executeTakeFirstOrThrow()
    const micro = await t.database.db.selectFrom('units').select('id').where('name', '=', 'мкг/м³').executeTakeFirst()
    const admin = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', 'admin').executeTakeFirstOrThrow()
    const context = { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor: { id: admin.id, username: admin.username, groups: admin.groups as CurrentUser['groups'], companyId: admin.company_id }, requestId: null, clientAddress: null, now: new Date(), notices: writeNotices }
    const unitId = micro ? micro.id : ((await addReferenceEntry(context, { kind: 'unit', values: { name: 'мкг/м³' } })) as { id: number }).id
    const changed = await changeReferenceEntry(context, { kind: 'substance', id: no2.id, values: { name: no2.name, unit_id: String(unitId), mpc: String(no2.mpc ?? ''), mpc_max: String(no2.mpc_max ?? '') } })
    expect(changed).toMatchObject({ changed: true })
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_point_indications WHERE name = ${no2.name} AND measure = 'мкг/м³'`.execute(t.database.db)
    expect(rows[0].n).toBeGreaterThan(0)
    await sealAndSign(t.database.db)
    expect(await signed()).toBeGreaterThan(signedBefore)
    const verdict = await verifyPublicCommand(base, '--tries', '1')
    expect(verdict.code, verdict.stdout).toBe(0)
  })

  it('answers 1 when a published reading was changed behind the log, naming the table and both digests', async () => {
    await sealAndSign(t.database.db)
    const { rows } = await sql<{ id: string; value: number }>`SELECT id, value FROM measures_point_indications ORDER BY id LIMIT 1`.execute(t.database.ownerDb)
    await sql`UPDATE measures_point_indications SET value = value + 1 WHERE id = ${rows[0].id}`.execute(t.database.ownerDb)
    try {
      const verdict = await verifyPublicCommand(base, '--tries', '1')
      expect(verdict.code, verdict.stdout).toBe(1)
      expect(verdict.stdout).toMatch(/НЕ СХОДИТСЯ: measures_point_indications: сейчас \d+ строк, сводка \d+:\d+; подписано на позиции \d+/)
    } finally {
      await sql`UPDATE measures_point_indications SET value = ${rows[0].value} WHERE id = ${rows[0].id}`.execute(t.database.ownerDb)
    }
  })

  it('answers 1 for a statement whose text was altered after it was signed, and for a key other than the one published', async () => {
    await sealAndSign(t.database.db)
    const { rows } = await sql<{ to_position: string; statement: string }>`SELECT to_position, statement FROM signed_checkpoints ORDER BY to_position LIMIT 1`.execute(t.database.ownerDb)
    await sql`UPDATE signed_checkpoints SET statement = replace(statement, '"events":', '"events":1') WHERE to_position = ${rows[0].to_position}`.execute(t.database.ownerDb)
    try {
      const verdict = await verifyPublicCommand(base, '--tries', '1')
      expect(verdict.code, verdict.stdout).toBe(1)
      expect(verdict.stdout).toContain(`НЕ СХОДИТСЯ: контрольная точка ${rows[0].to_position}: подпись не сходится`)
    } finally {
      await sql`UPDATE signed_checkpoints SET statement = ${rows[0].statement} WHERE to_position = ${rows[0].to_position}`.execute(t.database.ownerDb)
    }
    const other = await verifyPublicCommand(base, '--fingerprint', 'SHA256:AAAA', '--tries', '1')
    expect(other.code, other.stdout).toBe(1)
    expect(other.stdout).toContain(`ключ подписи ${signingKey().fingerprint}, а опубликован SHA256:AAAA`)
  })

  it('answers 1 with one line when the portal cannot be reached, and 2 on a wrong argument', async () => {
    const unreachable = await verifyPublicCommand('http://127.0.0.1:9/', '--tries', '1')
    expect(unreachable.code, unreachable.stdout).toBe(1)
    expect(unreachable.stdout).toMatch(/нет ответа/)
    for (const args of [[], ['not-a-url'], [base, '--tries', 'x'], [base, 'extra']]) {
      expect((await verifyPublicCommand(...args)).code, args.join(' ')).toBe(2)
    }
  })
})

describe('a checkpoint left unsigned by a crash', () => {
  it('is signed at the next seal with no digest, and the chain of statements holds across it', async () => {
    await sealAndSign(t.database.db)
    // A process sealed a checkpoint and died before it signed it: the plain seal, as an earlier version wrote it.
    await recordCatalogueBaseline(t.database.db)
    const unsigned = await writeCheckpoint(t.database.db)
    expect(unsigned).not.toBeNull()
    await recordCatalogueBaseline(t.database.db)
    expect((await sealAndSign(t.database.db)).signed).toBe(2)
    const statements = (await index()).statements.map((s) => JSON.parse(s.statement) as CheckpointStatement)
    const late = statements.find((s) => s.toPosition === unsigned!.toPosition)!
    expect(late.published).toBeNull()
    expect(statements.at(-1)!.published).toEqual(await publishedDigests(t.database.db))
    const verdict = await verifyPublicCommand(base, '--tries', '1')
    expect(verdict.code, verdict.stdout).toBe(0)
  }, 240_000)
})

describe('signing from several processes at once', () => {
  it('keeps one chain when two sealers run together, and records a new key once when two nodes start with it', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: new Date().getFullYear() + 1, ...RESPONSIBLE } })
    await Promise.all([sealAndSign(t.database.db), sealAndSign(t.database.db)])
    // Two nodes whose audit key changed: each derives the new key (two objects, one key) and records it.
    const rotated = Buffer.from('another audit key of at least thirty-two characters')
    await Promise.all([recordSigningKey(t.database.db, signingKey(Buffer.from(rotated))), recordSigningKey(t.database.db, signingKey(Buffer.from(rotated)))])
    const { keys } = await index()
    expect(keys.map((k) => k.fingerprint)).toEqual([signingKey().fingerprint, signingKey(rotated).fingerprint])
    expect(keys[1].replaces).toBe(signingKey().fingerprint)
    // Back to the run's key (a rotation again), so the record ends as the portal signs.
    await recordSigningKey(t.database.db, signingKey(Buffer.from(auditKey())))
    await sealAndSign(t.database.db)
    const verdict = await verifyPublicCommand(base, '--fingerprint', signingKey().fingerprint, '--tries', '1')
    expect(verdict.code, verdict.stdout).toBe(0)
  })
})
