// The largest value a reading may plausibly have, declared once per unit (and, where it helps, per substance): a value
// beyond it is an error naming the bound, most often a unit or a decimal separator gone wrong, never a finding.
import { convertUnit, defaultLimitUnit } from './unit-conversions.ts'
import { canonicalUnit } from './point-units.ts'
import { foldName } from '../../text/name-fold.ts'

/**
 * By unit, in the first unit of its family (a value in мкг/м³ is compared in мг/м³): what no sample can hold. A mass
 * fraction cannot pass the whole kilogram, a concentration in water a saturated brine, a share 100 %, pH 14.
 */
export const PLAUSIBLE_MAXIMUM_BY_UNIT: Readonly<Record<string, number>> = {
  'мг/м³': 10_000,
  'мг/дм³': 500_000,
  'мг/кг': 1_000_000,
  '%': 100,
  'ед. pH': 14,
  '°C': 100,
  'Бк/кг': 100_000_000,
  'м/с': 10,
  'м³/с': 100_000,
}

/** By substance (its reference name) in its unit, stricter than its unit's: the rivers of the region run below 3 м/с. */
export const PLAUSIBLE_MAXIMUM_BY_SUBSTANCE: Readonly<Record<string, { unit: string; max: number }>> = {
  'Средняя скорость течения': { unit: 'м/с', max: 5 },
  Метан: { unit: 'мг/м³', max: 1_000 },
}

const bySubstance = new Map(Object.entries(PLAUSIBLE_MAXIMUM_BY_SUBSTANCE).map(([name, bound]) => [foldName(name), bound]))

/**
 * The bound a value breaks, in the value's own unit, or null when it is plausible (or no bound is declared for its
 * unit). The substance's own bound is taken before its unit's.
 */
export function implausibleBound(value: number, unit: string, substance: string | null): { max: number; unit: string } | null {
  const own = substance === null ? undefined : bySubstance.get(foldName(substance))
  if (own) {
    const max = convertUnit(own.max, own.unit, unit)
    if (max !== null) return value > max ? { max, unit: canonicalUnit(unit) } : null
  }
  const base = defaultLimitUnit(unit)
  const limit = PLAUSIBLE_MAXIMUM_BY_UNIT[base]
  if (limit === undefined) return null
  const max = convertUnit(limit, base, unit)
  return max !== null && value > max ? { max, unit: canonicalUnit(unit) } : null
}
