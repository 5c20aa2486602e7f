import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { deleteMeasuresPoint } from '../domain/src/catalogue/measures-point-deletion.server.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()
const REFUSAL = 'Ошибка удаления пункта наблюдения: имеются согласованные отчёты.'

async function newPoint(kind = 'surface_water'): Promise<number> {
  const area = await t.database.db.selectFrom('areas').select('id').orderBy('id').executeTakeFirstOrThrow()
  const row = await sql<{ id: number }>`
    INSERT INTO measures_points (name, nomenclature, kind, area_id) VALUES ('Пункт для удаления', ${`ПУ-${Math.random()}`}, ${kind}, ${area.id})
    RETURNING id`.execute(t.database.db)
  return row.rows[0].id
}

async function count(table: string, pointId: number): Promise<number> {
  const row = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM ${sql.id(table)} WHERE measures_point_id = ${pointId}`.execute(t.database.db)
  return row.rows[0].n
}

async function remove(pointId: number) {
  const department = await loginAs(t.app, 'department')
  return t.app.inject({ method: 'DELETE', url: `/api/v1/measures-points/${pointId}/`, headers: department.headers })
}

describe('deleting a measuring point that others depend on', () => {
  it('refuses a point with readings, with the spec text, and deletes nothing', async () => {
    const { measures_point_id: pointId } = await t.database.db
      .selectFrom('measures_point_indications')
      .select('measures_point_id')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const before = await count('measures_point_indications', pointId)
    const res = await remove(pointId)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBe(REFUSAL)
    expect(await t.database.db.selectFrom('measures_points').select('id').where('id', '=', pointId).executeTakeFirst()).toBeTruthy()
    expect(await count('measures_point_indications', pointId)).toBe(before)
  })

  it('refuses a point with indicator records of any catalogue type', async () => {
    const pointId = await newPoint('soils')
    await sql`INSERT INTO soils_reports (measures_point_id, year, ph) VALUES (${pointId}, 2024, 6.5)`.execute(t.database.db)
    expect((await deleteMeasuresPoint(t.database.db, pointId)).status).toBe('refused')
    expect(await count('soils_reports', pointId)).toBe(1)
  })

  it('keeps published readings even when a point row is deleted behind the portal’s back', async () => {
    const pointId = await newPoint()
    await sql`INSERT INTO measures_point_indications (measures_point_id, year, name, value, measure) VALUES (${pointId}, 2025, 'Фенолы', 0.1, 'мг/дм³')`.execute(t.database.db)
    await expect(sql`DELETE FROM measures_points WHERE id = ${pointId}`.execute(t.database.db)).rejects.toThrow(/foreign key/)
    expect(await count('measures_point_indications', pointId)).toBe(1)
  })

  it('deletes a point nothing depends on', async () => {
    const pointId = await newPoint()
    expect((await remove(pointId)).statusCode).toBe(204)
    expect((await remove(pointId)).statusCode).toBe(404)
  })
})
