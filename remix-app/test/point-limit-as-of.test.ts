// A reading's public point page says which ПДК applied on its sampling day when the limit has changed since: the
// administrator's change is an event, and the page takes today's limit back through it (decision 2411).
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { changeReferenceEntry, writeNotices } from '@portal/workflow-domain/commands.server.ts'
import { formatDate, formatNumber } from '@portal/workflow-domain/registry.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { pageContext } from './support/load-context.ts'
import { loader as readingsLoader } from '../app/features/catalogue/routes/point-readings.tsx'

const t = useTestApp()

function contextOf(): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, null, { dataDir: '.test-data/point-limit-as-of' })
}

describe('the ПДК a reading was sampled under', () => {
  it('is said on the point’s readings page after the substance’s limit changed, and not before', async () => {
    const reading = await t.database.db
      .selectFrom('measures_point_indications as i')
      .innerJoin('substances as s', 's.name', 'i.name')
      .select(['i.measures_point_id', 'i.year', 'i.name', 'i.sampled', 's.id', 's.unit_id', 's.mpc'])
      .where('i.sampled', 'is not', null)
      .where('s.mpc', 'is not', null)
      .orderBy('i.measures_point_id')
      .executeTakeFirstOrThrow()
    const load = () =>
      readingsLoader({ request: new Request(`http://localhost/monitoring/measures-points/${reading.measures_point_id}/indications?year=${reading.year}`), params: { id: String(reading.measures_point_id) }, context: contextOf() })
    expect((await load()).limitNotes).toEqual([])

    const user = await t.database.db.selectFrom('users').select(['id', 'username']).where('username', '=', 'admin').executeTakeFirstOrThrow()
    const before = Number(reading.mpc)
    const after = before * 2
    await changeReferenceEntry(
      { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor: { id: user.id, username: user.username, groups: ['Администратор'], companyId: null }, requestId: 'test', clientAddress: null, now: new Date(), notices: writeNotices },
      { kind: 'substance', id: reading.id, values: { name: reading.name, unit_id: String(reading.unit_id), mpc: String(after).replace('.', ','), mpc_max: '' } },
    )
    const notes = (await load()).limitNotes
    expect(notes).toContainEqual({ name: reading.name, sampled: formatDate(reading.sampled!), applied: formatNumber(before), now: formatNumber(after) })
  })
})
