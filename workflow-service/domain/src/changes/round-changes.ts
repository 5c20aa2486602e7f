// What changed in an observation-results report (issue 37, decision 3714): per point and substance, this round's
// readings against the declined round before it and against last year's published ones, the largest changes first,
// with the year-on-year plausibility rule's hits marked. Pure: the three sides come in as grouped sums, the words
// and the order come out.
import { convertUnit } from '../catalogue/registry/unit-conversions.ts'
import { foldName } from '../text/name-fold.ts'
import { formatNumber, formatTimes } from '../text/russian-format.ts'

/** One side's readings of a point and substance in one unit: their sum, count, smallest positive and largest value. */
export interface ReadingGroup {
  point: number
  name: string
  unit: string
  sum: number
  count: number
  low: number | null
  high: number | null
}

export interface PointLabel {
  id: number
  nomenclature: string | null
  name: string
}

/**
 * A change from one side to this round: a relative change (0,25 is 25 % more), from a zero mean (no relative change
 * has a meaning then), a substance measured only in this round or only in the other, or neither measured it.
 */
export type Change =
  | { kind: 'relative'; relative: number; factor: number }
  | { kind: 'from-zero' }
  | { kind: 'only-now' }
  | { kind: 'only-before' }
  | { kind: 'none' }

export interface ChangeRow {
  point: PointLabel
  substance: string
  /** The unit every mean of the row is given in: this round's (the reference limit's unit, decision 2130). */
  unit: string
  current: number | null
  currentCount: number
  previous: number | null
  lastYear: number | null
  fromPrevious: Change
  fromLastYear: Change
  /**
   * The year-on-year rule of the file check (a reading more than `factor` times above or below last year's mean):
   * the reading of this round furthest off that mean, when one is past it.
   */
  plausibility: {
    value: number
    times: number
    direction: 'up' | 'down'
  } | null
  /** The round's mean moved more than the same factor from the declined round's. */
  roundJump: boolean
}

export interface Sides {
  current: readonly ReadingGroup[]
  previous: readonly ReadingGroup[]
  lastYear: readonly ReadingGroup[]
  points: ReadonlyMap<number, PointLabel>
  /** The upload declaration's `lastYear.factor` (10): the plausibility rule's bound. */
  factor: number
}

interface Side {
  /** The sum and count in the row's unit; groups in a unit that does not convert are left out. */
  sum: number
  count: number
  low: number | null
  high: number | null
}

const keyOf = (point: number, name: string) => `${point}\u0000${foldName(name)}`

/** Groups of one side by point and substance (the one fold of names, so last year's other spelling meets this year's). */
function byKey(groups: readonly ReadingGroup[]): Map<string, ReadingGroup[]> {
  const found = new Map<string, ReadingGroup[]>()
  for (const group of groups) {
    const key = keyOf(group.point, group.name)
    const list = found.get(key)
    if (list) list.push(group)
    else found.set(key, [group])
  }
  return found
}

/** One side's groups in `unit`: each converted first, as the file check's `lastYearMean` does. */
function sideIn(groups: readonly ReadingGroup[] | undefined, unit: string): Side | null {
  if (!groups) return null
  let sum = 0
  let count = 0
  let low: number | null = null
  let high: number | null = null
  for (const group of groups) {
    const converted = convertUnit(group.sum, group.unit, unit)
    if (converted === null || !Number.isFinite(converted) || group.count <= 0) continue
    sum += converted
    count += group.count
    const groupLow = group.low === null ? null : convertUnit(group.low, group.unit, unit)
    const groupHigh = group.high === null ? null : convertUnit(group.high, group.unit, unit)
    if (groupLow !== null && (low === null || groupLow < low)) low = groupLow
    if (groupHigh !== null && (high === null || groupHigh > high)) high = groupHigh
  }
  return count > 0 ? { sum, count, low, high } : null
}

/**
 * This round's mean against another side's. A zero mean before is no base for a relative change: the change is
 * «с нуля» (from zero), ranked above every relative one; a zero now and before is no change.
 */
export function changeOf(now: number | null, before: number | null): Change {
  if (now === null && before === null) return { kind: 'none' }
  if (before === null) return { kind: 'only-now' }
  if (now === null) return { kind: 'only-before' }
  if (before === 0) return now === 0 ? { kind: 'relative', relative: 0, factor: 1 } : { kind: 'from-zero' }
  const relative = (now - before) / Math.abs(before)
  // The factor ranks a tenfold fall with a tenfold rise (the plausibility rule is symmetric too); where a sign
  // changes there is no ratio and the relative change itself, plus one, stands for it.
  const factor = now > 0 && before > 0 ? Math.max(now / before, before / now) : 1 + Math.abs(relative)
  return Number.isFinite(relative) ? { kind: 'relative', relative, factor } : { kind: 'from-zero' }
}

/** How a change ranks: from zero first, then the largest factor; a substance of one side only after every measured change. */
function rankOf(change: Change): number {
  switch (change.kind) {
    case 'from-zero':
      return Number.MAX_VALUE
    case 'relative':
      return change.factor
    case 'only-now':
    case 'only-before':
      return 0.5
    default:
      return 0
  }
}

/** Last year's rule applied to this round's extremes: the reading furthest off the mean, when past `factor`. */
function plausibilityOf(current: Side | null, lastYearMean: number | null, factor: number): ChangeRow['plausibility'] {
  if (!current || lastYearMean === null || !(lastYearMean > 0)) return null
  const up = current.high !== null && current.high > 0 ? current.high / lastYearMean : 0
  const down = current.low !== null && current.low > 0 ? lastYearMean / current.low : 0
  if (up <= factor && down <= factor) return null
  return up >= down ? { value: current.high!, times: up, direction: 'up' } : { value: current.low!, times: down, direction: 'down' }
}

const mean = (side: Side | null) => (side ? side.sum / side.count : null)

/** Every point and substance of any side, the largest change (against either side) first. */
export function compareRounds(sides: Sides): ChangeRow[] {
  const current = byKey(sides.current)
  const previous = byKey(sides.previous)
  const lastYear = byKey(sides.lastYear)
  const keys = new Set([...current.keys(), ...previous.keys(), ...lastYear.keys()])
  const rows: { row: ChangeRow; rank: number }[] = []
  for (const key of keys) {
    const first = current.get(key)?.[0] ?? previous.get(key)?.[0] ?? lastYear.get(key)![0]
    const unit = first.unit
    const now = sideIn(current.get(key), unit)
    const before = sideIn(previous.get(key), unit)
    const year = sideIn(lastYear.get(key), unit)
    const fromPrevious = changeOf(mean(now), mean(before))
    const fromLastYear = changeOf(mean(now), mean(year))
    // Last year alone is no change of this report: a substance neither round measured is not listed.
    if (!now && !before) continue
    const plausibility = plausibilityOf(now, mean(year), sides.factor)
    const roundJump = fromPrevious.kind === 'from-zero' || (fromPrevious.kind === 'relative' && fromPrevious.factor > sides.factor)
    const point = sides.points.get(first.point) ?? {
      id: first.point,
      nomenclature: null,
      name: `№ ${first.point}`,
    }
    rows.push({
      row: {
        point,
        substance: (current.get(key)?.[0] ?? previous.get(key)?.[0] ?? first).name,
        unit,
        current: mean(now),
        currentCount: now?.count ?? 0,
        previous: mean(before),
        lastYear: mean(year),
        fromPrevious,
        fromLastYear,
        plausibility,
        roundJump,
      },
      rank: Math.max(rankOf(fromPrevious), rankOf(fromLastYear)),
    })
  }
  // The rule's hits first (what the file check warned of), then the largest change.
  rows.sort(
    (a, b) =>
      Number(Boolean(b.row.plausibility || b.row.roundJump)) - Number(Boolean(a.row.plausibility || a.row.roundJump)) ||
      b.rank - a.rank ||
      (a.row.point.nomenclature ?? '').localeCompare(b.row.point.nomenclature ?? '', 'ru') ||
      a.row.substance.localeCompare(b.row.substance, 'ru'),
  )
  return rows.map((r) => r.row)
}

/** «+25 %», «−90 %», «с нуля», «только в этом раунде», «нет в этом раунде», «—»: every change in words, never Infinity. */
export function changeWords(change: Change): string {
  switch (change.kind) {
    case 'relative': {
      const percent = change.relative * 100
      if (percent === 0) return '0 %'
      return `${percent > 0 ? '+' : '−'}${formatNumber(Math.abs(percent), {
        maximumFractionDigits: Math.abs(percent) < 10 ? 1 : 0,
      })} %`
    }
    case 'from-zero':
      return 'с нуля'
    case 'only-now':
      return 'нет раньше'
    case 'only-before':
      return 'нет в этом раунде'
    default:
      return '—'
  }
}

/** «значение 4,1 в 12 раз выше среднего за прошлый год» — the plausibility mark in words. */
export function plausibilityWords(mark: NonNullable<ChangeRow['plausibility']>): string {
  return `значение ${formatNumber(mark.value)} ${formatTimes(mark.times)} ${mark.direction === 'up' ? 'выше' : 'ниже'} среднего за прошлый год`
}

/** The mark of a row in words: the plausibility rule's hit and a jump from the declined round. */
export function markWords(row: ChangeRow, factor: number): string {
  const words: string[] = []
  if (row.plausibility) words.push(plausibilityWords(row.plausibility))
  if (row.roundJump) words.push(`изменение к прошлому раунду больше чем в ${factor} раз`)
  return words.join('; ')
}

/** A comparison's page: what it is against, its counts and the rows asked for (the page, the API, the check before sending). */
export interface ChangesSummary {
  /** The declined round compared with (null when none was declined). */
  previousRound: number | null
  /** The year whose published readings are compared with. */
  lastYear: number
  /** The plausibility rule's factor (the upload declaration's `lastYear.factor`). */
  factor: number
  count: number
  /** Rows with a plausibility mark or a jump from the declined round past the factor. */
  marked: number
  results: ChangeRow[]
}

/** The rows `offset`…`offset + limit` of a comparison, with the counts of all of them. */
export function summaryOf(rows: readonly ChangeRow[], against: { previousRound: number | null; lastYear: number; factor: number }, offset: number, limit: number): ChangesSummary {
  return { ...against, count: rows.length, marked: rows.filter((r) => r.plausibility || r.roundJump).length, results: rows.slice(offset, offset + limit) }
}
