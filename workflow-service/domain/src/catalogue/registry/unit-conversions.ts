// Conversions between the units a reading may be written in, declared once beside the units of each point kind
// (point-units.ts): every value is stored, compared with its ПДК and published in the unit of that ПДК.
import { canonicalUnit, normalizeUnit } from './point-units.ts'

/**
 * Units that measure the same quantity, each by its power of ten against the first one (the unit a limit is given
 * in when the reference data names none): 1 мкг/м³ = 10⁻³ мг/м³, 1 мг/л = 1 мг/дм³. A unit outside every family
 * (ед. pH, °C, Бк/кг, %) converts only to itself. «%» is left out on purpose: a share of humus or of cover is not a
 * pollutant's mass fraction, and it would otherwise be turned into мг/кг.
 */
export const UNIT_FAMILIES: ReadonlyArray<{ quantity: string; units: Readonly<Record<string, number>> }> = [
  { quantity: 'массовая концентрация в воздухе', units: { 'мг/м³': 0, 'мкг/м³': -3 } },
  { quantity: 'массовая концентрация в воде', units: { 'мг/дм³': 0, 'мг/л': 0, 'мкг/дм³': -3, 'мкг/л': -3 } },
  { quantity: 'массовая доля в почвах, донных отложениях и растениях', units: { 'мг/кг': 0, 'г/кг': 3 } },
]

interface Member {
  /** The family's units, in their listed spelling. */
  family: readonly string[]
  /** The family's first unit. */
  base: string
  power: number
}

const MEMBERS = new Map<string, Member>()
for (const { units } of UNIT_FAMILIES) {
  const family = Object.keys(units)
  for (const [unit, power] of Object.entries(units)) MEMBERS.set(normalizeUnit(unit), { family, base: family[0], power })
}

/** Whether a value in `from` can be given in `to`: the same unit, or two units of one family. */
export function convertible(from: string, to: string): boolean {
  const a = normalizeUnit(from)
  const b = normalizeUnit(to)
  if (a === b) return true
  const member = MEMBERS.get(a)
  return member !== undefined && MEMBERS.get(b)?.family === member.family
}

/**
 * The value in `to`, or null when no conversion is declared. Powers of ten are applied by multiplying or dividing
 * by an exact integer, and the result keeps 15 significant digits: 45 мкг/м³ is 0.045 мг/м³, not 0.045000000000000005.
 * A result beyond the numbers (1e306 г/кг in мг/кг) comes back as ±Infinity for the caller to refuse.
 */
export function convertUnit(value: number, from: string, to: string): number | null {
  const a = normalizeUnit(from)
  const b = normalizeUnit(to)
  if (a === b) return value
  const source = MEMBERS.get(a)
  const target = MEMBERS.get(b)
  if (!source || !target || source.family !== target.family) return null
  const shift = source.power - target.power
  const result = shift >= 0 ? value * 10 ** shift : value / 10 ** -shift
  return Number.isFinite(result) ? Number(result.toPrecision(15)) : result
}

/** The units a value may be written in to be converted to `unit` (itself first), in their listed spelling. */
export function unitsConvertibleTo(unit: string): readonly string[] {
  const member = MEMBERS.get(normalizeUnit(unit))
  const own = canonicalUnit(unit)
  return member ? [own, ...member.family.filter((u) => u !== own)] : [own]
}

/** The unit a limit is given in when the reference data names none for the substance: its family's first unit. */
export function defaultLimitUnit(unit: string): string {
  return MEMBERS.get(normalizeUnit(unit))?.base ?? canonicalUnit(unit)
}
