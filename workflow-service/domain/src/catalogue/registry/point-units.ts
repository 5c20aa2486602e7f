// Units a reading may be given in, by point kind: a unit of another medium (mg/m³ for soil) is an error.

/** Oxygen demand (БПК5) in milligrams of O₂ per cubic decimetre, in Cyrillic letters: declared once, used by the registry. */
export const MG_O2_PER_DM3 = 'мгО2/дм³'

const AIR = ['мг/м³', 'мкг/м³']
const WATER = ['мг/дм³', 'мг/л', 'мкг/дм³', 'мкг/л', 'ед. pH', MG_O2_PER_DM3, '°C', 'мкСм/см']
// Ground water is also measured by its level and its hardness (°Ж, degrees of hardness).
const GROUNDWATER = [...WATER, '°Ж', 'м']
// Solid samples are also measured by their activity (Цезий-137 in a soil, Бк/кг), as the reference lists it.
const SOLID = ['мг/кг', 'г/кг', '%', 'ед. pH', 'Бк/кг']
const RADIATION = ['Бк/кг', 'Бк/м²', 'мкЗв/ч', 'мкР/ч']
const HYDROLOGY = ['м³/с', 'м/с', 'м', 'см', '°C']

export const UNITS_BY_POINT_KIND: Record<string, readonly string[]> = {
  ambient_air: AIR,
  snow_cover: [...WATER, ...SOLID],
  snow_cover_sampling_point: [...WATER, ...SOLID],
  surface_water: WATER,
  surface_water_sampling_point: WATER,
  control_water_object_state_point: WATER,
  groundwater: GROUNDWATER,
  hygrobiology_point: [...WATER, 'экз./м³', 'г/м³', 'балл'],
  sediment_layers: SOLID,
  bottom_sediments_sampling_points: SOLID,
  soils: SOLID,
  soil_sampling_point_geochemistry: SOLID,
  plant_sampling: SOLID,
  soil_sampling_point_radionuclides: RADIATION,
  hydrological_point: HYDROLOGY,
  geobotanical_sites: ['%', 'шт.', 'балл', 'см', 'м'],
  sampling_collection_points: [...WATER, ...SOLID],
}

const normalized = new Map<string, string>()

/**
 * One spelling per unit, as a key to compare units by: m3/м3 → м³, lower case, no spaces around the slash, and Latin
 * letters that look Cyrillic read as Cyrillic («мгO2» with a Latin O is «мгО2», «°C» is «°С»), since a keyboard
 * layout cannot be seen in a cell. Memoised: a file repeats few units.
 */
export function normalizeUnit(unit: string): string {
  let found = normalized.get(unit)
  if (found === undefined) {
    found = spell(unit)
    if (normalized.size < 10_000) normalized.set(unit, found)
  }
  return found
}

function spell(unit: string): string {
  return unit
    .trim()
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ')
    .replace(/([мm])3\b/gi, 'м³')
    .replace(/([мm])2\b/gi, 'м²')
    .replace(/дм3\b/gi, 'дм³')
    .replace(/^mg\//i, 'мг/')
    .toLowerCase()
    .replace(/[abcehkmoptxy]/g, (letter) => LOOK_ALIKES[letter])
}

/** Latin letters (lower case) and the Cyrillic ones they look like. */
const LOOK_ALIKES: Record<string, string> = { a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у' }

const NORMALIZED = Object.fromEntries(
  Object.entries(UNITS_BY_POINT_KIND).map(([kind, units]) => [kind, new Set(units.map(normalizeUnit))]),
)

const CANONICAL = new Map(Object.values(UNITS_BY_POINT_KIND).flat().map((u) => [normalizeUnit(u), u]))

/** The listed spelling of a unit (м3 → м³), or the unit as written when it is not listed. */
export function canonicalUnit(unit: string): string {
  return CANONICAL.get(normalizeUnit(unit)) ?? unit
}

/** Whether a unit suits a point kind; kinds without a list accept any unit. */
export function unitFitsKind(unit: string, kind: string | undefined): boolean {
  const allowed = kind ? NORMALIZED[kind] : undefined
  return !allowed || allowed.has(normalizeUnit(unit))
}

export function unitsOf(kind: string): readonly string[] {
  return UNITS_BY_POINT_KIND[kind] ?? []
}
