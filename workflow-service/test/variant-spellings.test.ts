// The one-off check of readings published under variant spellings before names were folded (decision 3410).
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { pointCodeVariants, substanceVariants, variantLines } from '../domain/src/catalogue/variant-spellings.server.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

describe('the check of variant spellings already published', () => {
  it('lists the readings of NO2 and of hardness published under other spellings than the reference, and nothing of the demo data', async () => {
    const db = t.database.db
    expect(await substanceVariants(db)).toEqual([])
    const point = await db.selectFrom('measures_points').select(['id', 'area_id', 'nomenclature']).where('kind', '=', 'ambient_air').where('area_id', 'is not', null).executeTakeFirstOrThrow()
    await sql`INSERT INTO substances (name, unit_id, mpc) SELECT 'Жёсткость общая', id, 7 FROM units WHERE name = 'мг/дм³'`.execute(db)
    const spellings = ['диоксид азота (NO2)', 'Диоксид  азота (NO2)', 'Диoксид азота (NO2)', 'Диоксид\u00a0азота (NO2)', 'Жесткость общая', 'ЖЁСТКОСТЬ ОБЩАЯ']
    await db
      .insertInto('measures_point_indications')
      .values(spellings.map((name) => ({ measures_point_id: point.id, year: 2030, sampled: '2030-03-10', name, value: 0.05, measure: 'мг/м³', mpc: 0.2, mpc_max: null })))
      .execute()
    const found = await substanceVariants(db)
    expect(found).toEqual([
      { reference: 'Диоксид азота (NO2)', spellings: expect.arrayContaining(spellings.slice(0, 4).map((name) => ({ name, readings: 1 }))) },
      { reference: 'Жёсткость общая', spellings: expect.arrayContaining(spellings.slice(4).map((name) => ({ name, readings: 1 }))) },
    ])
    expect(found[0].spellings).toHaveLength(4)
    expect(variantLines(found, [])[1]).toMatch(/^«Жёсткость общая»: /)
  })

  it('lists two points of one area whose codes fold to one code', async () => {
    const db = t.database.db
    expect(await pointCodeVariants(db)).toEqual([])
    const point = await db.selectFrom('measures_points').selectAll().where('nomenclature', 'is not', null).where('area_id', 'is not', null).executeTakeFirstOrThrow()
    const { id, ...rest } = point
    const latin = point.nomenclature!.replace('Н', 'H')
    const [copy] = await db.insertInto('measures_points').values({ ...rest, nomenclature: latin } as never).returning('id').execute()
    expect(await pointCodeVariants(db)).toEqual([{ codes: [{ id, nomenclature: point.nomenclature }, { id: copy.id, nomenclature: latin }] }])
  })
})
