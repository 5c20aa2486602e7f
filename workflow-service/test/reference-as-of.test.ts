// A substance's ПДК as of a moment, from the log: today's value taken back through every change recorded after it.
import { describe, expect, it } from 'vitest'
import { changeReferenceEntry } from '../domain/src/admin/reference/reference-commands.server.ts'
import { limitOn, type SubstanceLimit } from '../domain/src/admin/reference/reference-as-of.ts'
import { substanceLimits } from '../domain/src/admin/reference/reference-queries.server.ts'
import type { CurrentUser } from '../domain/src/auth/permissions.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { writeNotices } from '../domain/src/notifications/notice-writer.server.ts'

const t = useTestApp()
const at = (text: string) => new Date(text)

describe('a substance’s ПДК as of a moment', () => {
  const limit: SubstanceLimit = {
    name: 'Нефтепродукты',
    mpc: 0.2,
    changes: [
      { at: at('2026-01-10T00:00:00Z'), from: 0.05, to: 0.1 },
      { at: at('2026-02-10T00:00:00Z'), from: 0.1, to: 0.2 },
    ],
  }

  it('is the value before the first change, between them, and today’s after the last; a change counts from its instant', () => {
    expect(limitOn(limit, at('2025-12-31T00:00:00Z'))).toBe(0.05)
    expect(limitOn(limit, at('2026-01-10T00:00:00Z'))).toBe(0.1)
    expect(limitOn(limit, at('2026-01-20T00:00:00Z'))).toBe(0.1)
    expect(limitOn(limit, at('2026-03-01T00:00:00Z'))).toBe(0.2)
  })

  it('is no limit before a limit was first set, and today’s when it never changed', () => {
    expect(limitOn({ name: 'X', mpc: 1, changes: [{ at: at('2026-01-01T00:00:00Z'), from: null, to: 1 }] }, at('2025-01-01T00:00:00Z'))).toBeNull()
    expect(limitOn({ name: 'X', mpc: 3, changes: [] }, at('1900-01-01T00:00:00Z'))).toBe(3)
  })

  it('reads the changes an administrator recorded, in order, and names no substance it does not know', async () => {
    const user = await t.database.db.selectFrom('users').select(['id', 'username', 'company_id']).where('username', '=', 'admin').executeTakeFirstOrThrow()
    const admin: CurrentUser = { id: user.id, username: user.username, groups: ['Администратор'], companyId: user.company_id }
    const substance = await t.database.db.selectFrom('substances').selectAll().where('name', '=', 'Нефтепродукты').orderBy('id').executeTakeFirstOrThrow()
    const context = (now: Date) => ({ db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor: admin, requestId: 'as-of', clientAddress: null, now, notices: writeNotices })
    const change = (mpc: string, now: Date) => changeReferenceEntry(context(now), { kind: 'substance', id: substance.id, values: { name: substance.name, unit_id: String(substance.unit_id), mpc, mpc_max: '', source: substance.source ?? '' } })
    await change('0,3', at('2030-01-10T00:00:00Z'))
    await change('0,4', at('2030-02-10T00:00:00Z'))
    const [read] = (await substanceLimits(t.database.db, ['Нефтепродукты', 'Нет такого вещества'])).filter((l) => l.name === 'Нефтепродукты')
    expect(read.mpc).toBe(0.4)
    expect(read.changes.map((c) => [c.at.toISOString(), c.from, c.to])).toEqual([
      ['2030-01-10T00:00:00.000Z', Number(substance.mpc), 0.3],
      ['2030-02-10T00:00:00.000Z', 0.3, 0.4],
    ])
    expect(limitOn(read, at('2029-12-31T00:00:00Z'))).toBe(Number(substance.mpc))
    expect(limitOn(read, at('2030-01-20T00:00:00Z'))).toBe(0.3)
    expect(await substanceLimits(t.database.db, ['Нет такого вещества'])).toEqual([])
  })
})
