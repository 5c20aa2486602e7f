// The SensorThings API 1.1 (read-only) at /api/sta/v1.1/: the Sensing core's entities over the catalogue's points
// and published readings, the request-data options and the filtering extension, checked with the standard's own
// examples and requirements (resource paths, @iot.id/@iot.selfLink/navigation links, $top/$skip/$count/$orderby/
// $select/$expand/$filter, @iot.nextLink), and every malformed query refused with a 400 naming its part.
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseFilter, StaQueryError } from '../domain/src/sta/filter-parser.ts'
import { DEFAULT_TOP, MAX_TOP } from '../domain/src/sta/query-options.ts'
import { PUBLIC_CACHE_CONTROL } from '../server/src/http/shared-cache-headers.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()
const ROOT = '/api/sta/v1.1'

type Entity = Record<string, unknown> & { '@iot.id': number; '@iot.selfLink': string }
type Collection = { value: Entity[]; '@iot.count'?: number; '@iot.nextLink'?: string }

async function get(path: string) {
  return t.app.inject({ url: `${ROOT}/${path}` })
}

async function list(path: string): Promise<Collection> {
  const res = await get(path)
  expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200)
  return res.json() as Collection
}

async function refusal(path: string): Promise<{ status: number; parameter?: string; detail: string }> {
  const res = await get(path)
  return { status: res.statusCode, ...(res.json() as { parameter?: string; detail: string }) }
}

/** The first point with coordinates and readings, to aim the filters at. */
let point: { id: number; name: string; latitude: number; longitude: number }

beforeAll(async () => {
  const { rows } = await sql<typeof point>`SELECT p.id, p.name, p.latitude, p.longitude FROM measures_points p
    WHERE p.latitude BETWEEN -90 AND 90 AND p.longitude BETWEEN -180 AND 180
      AND EXISTS (SELECT 1 FROM measures_point_indications i JOIN units u ON u.name = i.measure JOIN substances s ON s.name = i.name AND s.unit_id = u.id WHERE i.measures_point_id = p.id)
    ORDER BY p.id LIMIT 1`.execute(t.database.db)
  point = rows[0]
  expect(point).toBeDefined()
})

describe('the SensorThings service root and entities', () => {
  it('lists its entity sets with their addresses and the conformance classes it serves', async () => {
    const res = await t.app.inject({ url: `${ROOT}/` })
    expect(res.statusCode).toBe(200)
    const root = res.json() as { value: Array<{ name: string; url: string }>; serverSettings: { conformance: string[] } }
    expect(root.value.map((v) => v.name).sort()).toEqual(['Datastreams', 'FeaturesOfInterest', 'Locations', 'Observations', 'ObservedProperties', 'Sensors', 'Things'])
    expect(root.value.find((v) => v.name === 'Things')?.url).toBe(`${ROOT}/Things`)
    expect(root.serverSettings.conformance).toContain('http://www.opengis.net/spec/iot_sensing/1.1/req/request-data')
  })

  it('answers a Thing with @iot.id, @iot.selfLink and navigation links, as the standard writes an entity', async () => {
    const thing = (await get(`Things(${point.id})`)).json() as Entity
    expect(thing['@iot.id']).toBe(point.id)
    expect(thing['@iot.selfLink']).toBe(`${ROOT}/Things(${point.id})`)
    expect(thing.name).toBe(point.name)
    expect(typeof thing.description).toBe('string')
    expect(thing['Locations@iot.navigationLink']).toBe(`${ROOT}/Things(${point.id})/Locations`)
    expect(thing['Datastreams@iot.navigationLink']).toBe(`${ROOT}/Things(${point.id})/Datastreams`)
  })

  it("gives a Thing's place as a GeoJSON point, [longitude, latitude]", async () => {
    const { value } = await list(`Things(${point.id})/Locations`)
    expect(value).toHaveLength(1)
    expect(value[0].encodingType).toBe('application/geo+json')
    expect(value[0].location).toEqual({ type: 'Point', coordinates: [point.longitude, point.latitude] })
  })

  it('makes a Datastream of a point and substance, with the unit and the limit of the substance', async () => {
    const { value } = await list(`Things(${point.id})/Datastreams`)
    expect(value.length).toBeGreaterThan(0)
    const stream = value[0]
    const unit = stream.unitOfMeasurement as { name: string; symbol: string }
    const properties = stream.properties as { substance: string; mpc?: number }
    const { rows } = await sql<{ unit: string; mpc: number | null }>`SELECT u.name AS unit, s.mpc::float8 AS mpc FROM substances s JOIN units u ON u.id = s.unit_id WHERE s.name = ${properties.substance} AND u.name = ${unit.name}`.execute(t.database.db)
    expect(rows).toHaveLength(1)
    expect(properties.mpc ?? null).toBe(rows[0].mpc)
    expect(stream.observationType).toBe('http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement')
    const thing = (await get(`Datastreams(${stream['@iot.id']})/Thing`)).json() as Entity
    expect(thing['@iot.id']).toBe(point.id)
    const observed = (await get(`Datastreams(${stream['@iot.id']})/ObservedProperty`)).json() as Entity
    expect(observed.name).toBe(properties.substance)
    const sensor = (await get(`Datastreams(${stream['@iot.id']})/Sensor`)).json() as Entity
    expect(typeof sensor.name).toBe('string')
  })

  it("answers a Datastream's Observations: the published readings, phenomenonTime the sampling day and result the value", async () => {
    const [stream] = (await list(`Things(${point.id})/Datastreams?$top=1`)).value
    const substance = (stream.properties as { substance: string }).substance
    const observations = await list(`Datastreams(${stream['@iot.id']})/Observations?$count=true&$orderby=phenomenonTime`)
    const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM measures_point_indications WHERE measures_point_id = ${point.id} AND name = ${substance} AND measure = ${(stream.unitOfMeasurement as { name: string }).name}`.execute(t.database.db)
    expect(observations['@iot.count']).toBe(rows[0].count)
    const first = observations.value[0]
    const reading = await t.database.db.selectFrom('measures_point_indications').select(['value', 'sampled']).where('id', '=', String(first['@iot.id'])).executeTakeFirstOrThrow()
    expect(first.result).toBe(Number(reading.value))
    expect(String(first.phenomenonTime)).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+05:00(\/.*)?$/)
    const back = (await get(`Observations(${first['@iot.id']})/Datastream`)).json() as Entity
    expect(back['@iot.id']).toBe(stream['@iot.id'])
    // A property of an entity, and its raw value.
    expect((await get(`Observations(${first['@iot.id']})/result`)).json()).toEqual({ result: first.result })
    expect((await get(`Observations(${first['@iot.id']})/result/$value`)).body).toBe(String(first.result))
  })
})

describe('SensorThings request data: $top, $skip, $count, $orderby, $select, $expand and paging', () => {
  it('pages with a default $top and an @iot.nextLink that carries the same request on, with no overlap', async () => {
    const all = await list('Things?$count=true')
    const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM measures_points`.execute(t.database.db)
    expect(all['@iot.count']).toBe(rows[0].count)
    expect(all.value.length).toBe(Math.min(DEFAULT_TOP, rows[0].count))
    const first = await list('Things?$top=2&$orderby=name')
    expect(first.value).toHaveLength(2)
    expect(first['@iot.nextLink']).toBe(`${ROOT}/Things?$orderby=name&$top=2&$skip=2`)
    const second = await list(first['@iot.nextLink']!.slice(ROOT.length + 1))
    expect(second.value.map((v) => v['@iot.id'])).not.toContain(first.value[0]['@iot.id'])
    const both = await list('Things?$top=4&$orderby=name')
    expect(both.value.map((v) => v['@iot.id'])).toEqual([...first.value, ...second.value].map((v) => v['@iot.id']))
  })

  it('orders by a property, descending, the id breaking ties', async () => {
    const { value } = await list('Observations?$orderby=result desc&$top=20')
    const results = value.map((v) => v.result as number)
    expect(results).toEqual([...results].sort((a, b) => b - a))
  })

  it('answers only the properties of $select', async () => {
    const { value } = await list('Things?$select=name,@iot.id&$top=3')
    for (const thing of value) expect(Object.keys(thing).sort()).toEqual(['@iot.id', 'name'])
  })

  it('expands one level, with the options of the expansion, in place of its navigation link', async () => {
    const thing = (await get(`Things(${point.id})?$expand=Locations,Datastreams($top=1;$select=name)`)).json() as Entity
    expect(thing['Locations@iot.navigationLink']).toBeUndefined()
    expect((thing.Locations as Entity[])[0]['@iot.id']).toBe(point.id)
    const streams = thing.Datastreams as Entity[]
    expect(streams).toHaveLength(1)
    expect(Object.keys(streams[0])).toEqual(['name'])
    const { value } = await list(`Things(${point.id})/Datastreams`)
    if (value.length > 1) expect(thing['Datastreams@iot.nextLink']).toBe(`${ROOT}/Things(${point.id})/Datastreams?$select=name&$top=1&$skip=1`)
    const observations = await list('Observations?$top=2&$expand=Datastream($select=name)')
    for (const o of observations.value) expect(typeof (o.Datastream as { name: string }).name).toBe('string')
  })
})

describe('SensorThings $filter', () => {
  const count = async (path: string) => (await list(`${path}${path.includes('?') ? '&' : '?'}$count=true&$top=1`))['@iot.count']
  const db = () => t.database.db

  it('compares properties, result and phenomenonTime, with and, or, not and parentheses', async () => {
    const total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_point_indications i JOIN units u ON u.name = i.measure JOIN substances s ON s.name = i.name AND s.unit_id = u.id`.execute(db())).rows[0].n
    const above = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_point_indications i JOIN units u ON u.name = i.measure JOIN substances s ON s.name = i.name AND s.unit_id = u.id WHERE i.value > 0.5`.execute(db())).rows[0].n
    expect(await count('Observations')).toBe(total)
    expect(await count('Observations?$filter=result gt 0.5')).toBe(above)
    expect(await count('Observations?$filter=not (result gt 0.5)')).toBe(total - above)
    expect(await count('Observations?$filter=result gt 0.5 or result le 0.5')).toBe(total)
    // The standard's example: Observations?$filter=result gt 5 and phenomenonTime gt 2010-06-01T00:00:00Z
    const since = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_point_indications i JOIN units u ON u.name = i.measure JOIN substances s ON s.name = i.name AND s.unit_id = u.id WHERE i.value > 5 AND i.sampled >= '2021-01-01'`.execute(db())).rows[0].n
    expect(await count('Observations?$filter=result gt 5 and phenomenonTime ge 2020-12-31T19:00:00Z')).toBe(since)
    expect(await count('Observations?$filter=result gt 5 and phenomenonTime ge 2021-01-01T00:00:00%2B05:00')).toBe(since)
    expect(await count(`Things?$filter=name eq '${point.name.replace(/'/g, "''")}'`)).toBeGreaterThanOrEqual(1)
    expect(await count(`Things?$filter=@iot.id eq ${point.id} and (name ne 'x' or not (@iot.id eq ${point.id}))`)).toBe(1)
  })

  it('follows a path through related entities, and filters on members of properties', async () => {
    const [stream] = (await list(`Things(${point.id})/Datastreams?$top=1`)).value
    const substance = (stream.properties as { substance: string }).substance
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_point_indications i JOIN units u ON u.name = i.measure JOIN substances s ON s.name = i.name AND s.unit_id = u.id WHERE s.name = ${substance}`.execute(db())
    expect(await count(`Observations?$filter=Datastream/ObservedProperty/name eq '${substance}'`)).toBe(rows[0].n)
    expect(await count(`Datastreams?$filter=Thing/@iot.id eq ${point.id} and properties/substance eq '${substance}'`)).toBeGreaterThanOrEqual(1)
    const kind = (await db().selectFrom('measures_points').select('kind').where('id', '=', point.id).executeTakeFirstOrThrow()).kind
    const kinds = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_points WHERE kind = ${kind}`.execute(db())).rows[0].n
    expect(await count(`Things?$filter=properties/kind eq '${kind}'`)).toBe(kinds)
    expect(await count(`Things?$filter=startswith(name, '${point.name.slice(0, 3)}')`)).toBeGreaterThanOrEqual(1)
  })

  it('finds places within a polygon (st_within, geo.intersects), the Things by their Locations too', async () => {
    const { latitude: y, longitude: x } = point
    const box = `geography'POLYGON((${x - 0.01} ${y - 0.01}, ${x + 0.01} ${y - 0.01}, ${x + 0.01} ${y + 0.01}, ${x - 0.01} ${y + 0.01}, ${x - 0.01} ${y - 0.01}))'`
    const inside = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_points WHERE latitude BETWEEN ${y - 0.01} AND ${y + 0.01} AND longitude BETWEEN ${x - 0.01} AND ${x + 0.01}`.execute(db())).rows[0].n
    expect(inside).toBeGreaterThanOrEqual(1)
    expect(await count(`Locations?$filter=st_within(location, ${box})`)).toBe(inside)
    expect(await count(`Locations?$filter=geo.intersects(location, ${box})`)).toBe(inside)
    expect(await count(`Things?$filter=st_within(Locations/location, ${box})`)).toBe(inside)
    expect(await count(`FeaturesOfInterest?$filter=not st_within(feature, ${box})`)).toBe((await count('FeaturesOfInterest'))! - inside)
  })
})

describe('SensorThings refusals', () => {
  it('refuses a malformed $filter, an unknown property or function with 400 naming $filter and the part', async () => {
    const cases: Array<[string, RegExp]> = [
      ['Things?$filter=name eq', /оборвано/],
      ["Things?$filter=name eq 'x", /кавычкой/],
      ['Things?$filter=colour eq 1', /colour/],
      ["Things?$filter=name eq 1", /строка/],
      ['Things?$filter=frobnicate(name)', /frobnicate/],
      ['Things?$filter=(name eq 1', /\)/],
      ['Observations?$filter=phenomenonTime gt 5', /ISO 8601/],
      ["Locations?$filter=st_within(location, geography'POLYGON((1 1, 2 2))')", /четыр/],
      ['Things?$filter=Datastreams eq 1', /связь/],
    ]
    for (const [path, detail] of cases) {
      const answer = await refusal(path)
      expect(answer.status, path).toBe(400)
      expect(answer.parameter, path).toBe('$filter')
      expect(answer.detail, path).toMatch(detail)
    }
  })

  it('refuses a huge or bad $top, a deep $expand, an unknown order, selection or option, each by its name', async () => {
    const cases: Array<[string, string]> = [
      [`Things?$top=${MAX_TOP + 1}`, '$top'],
      ['Things?$top=-1', '$top'],
      ['Things?$top=abc', '$top'],
      ['Things?$skip=99999999999', '$skip'],
      ['Things?$count=yes', '$count'],
      ['Things?$orderby=properties', '$orderby'],
      ['Things?$orderby=name sideways', '$orderby'],
      ['Things?$select=colour', '$select'],
      ['Things?$expand=Datastreams/Observations', '$expand'],
      ['Things?$expand=Datastreams($expand=Observations)', '$expand'],
      ['Things?$expand=Owners', '$expand'],
      ['Things?$expand=Datastreams($top=100000)', '$top'],
      ['Things?$frobnicate=1', '$frobnicate'],
      ['Things?$top=1&$top=2', '$top'],
    ]
    for (const [path, parameter] of cases) {
      const answer = await refusal(path)
      expect(answer.status, path).toBe(400)
      expect(answer.parameter, path).toBe(parameter)
    }
  })

  it('answers 404 for a path that names nothing', async () => {
    for (const path of ['Things(2000000000)', 'Owners', 'Things(1)/Owners', 'Things/name', `Things(${point.id})/name/$value/x`]) {
      expect((await get(path)).statusCode, path).toBe(404)
    }
  })

  it('never answers 500 to any of a few hundred hostile filters', async () => {
    const pieces = ['name', 'result', 'phenomenonTime', 'properties/kind', "'x'", '1', '-2.5e3', 'null', 'true', '(', ')', 'eq', 'and', 'or', 'not', ',', "geography'POINT(1 2)'", 'st_within(', '2020-01-01T00:00:00Z', "'''", '/', '$', 'Datastream/Thing/name']
    let seed = 7
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    const failures: string[] = []
    for (let i = 0; i < 300; i++) {
      const filter = Array.from({ length: 1 + Math.floor(random() * 7) }, () => pieces[Math.floor(random() * pieces.length)]).join(' ')
      const res = await t.app.inject({ url: `${ROOT}/Observations?$top=1&$filter=${encodeURIComponent(filter)}` })
      if (res.statusCode !== 200 && res.statusCode !== 400) failures.push(`${res.statusCode} ${filter}`)
    }
    expect(failures).toEqual([])
  })

  it('parses every input into an expression or a refusal naming $filter, whatever the bytes', () => {
    let seed = 11
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    const alphabet = "abc eqnotand()',/ 0123456789.-:TZ'geography POLYGON((  ))\u0000ё"
    for (let i = 0; i < 2000; i++) {
      const text = Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
      try {
        parseFilter(text)
      } catch (error) {
        expect(error).toBeInstanceOf(StaQueryError)
        expect((error as StaQueryError).parameter).toBe('$filter')
      }
    }
    expect(() => parseFilter('('.repeat(500))).toThrow(StaQueryError)
    expect(() => parseFilter('not '.repeat(500) + 'true')).toThrow(StaQueryError)
  })
})

describe('SensorThings for caches and other sites', () => {
  it('is public for shared caches and readable by any site when anonymous, private when signed in', async () => {
    const res = await t.app.inject({ url: `${ROOT}/Things?$top=1`, headers: { origin: 'https://qgis.example' } })
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const { headers } = await loginAs(t.app, 'department')
    const signedIn = await t.app.inject({ url: `${ROOT}/Things?$top=1`, headers: { cookie: headers.cookie } })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.headers['cache-control']).toBe('private, no-store')
    expect(signedIn.headers['access-control-allow-origin']).toBeUndefined()
  })
})
