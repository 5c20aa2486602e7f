// The arithmetic of the server-drawn charts: scales, round tick values and the paths of lines, kept apart from the
// markup so it can be tested on numbers.
import { formatNumber } from '../../utils/russian-format.ts'

export interface Box {
  width: number
  height: number
  left: number
  right: number
  top: number
  bottom: number
}

export const DEFAULT_BOX: Box = { width: 640, height: 240, left: 64, right: 48, top: 16, bottom: 32 }

/** 1, 2 or 5 times a power of ten: the step of about `count` round ticks over [min, max]. */
export function niceStep(min: number, max: number, count = 5): number {
  const span = max - min
  if (!(span > 0) || !Number.isFinite(span)) return 1
  const raw = span / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const fraction = raw / power
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
  return nice * power
}

/** The value axis: from 0 (or below, for negative values) to a round number above every value and limit. */
export function valueAxis(values: readonly number[], count = 5): { min: number; max: number; ticks: number[] } {
  const finite = values.filter((v) => Number.isFinite(v))
  const low = Math.min(0, ...finite)
  const high = finite.length ? Math.max(...finite) : 1
  const top = high > low ? high : low + 1
  const step = niceStep(low, top, count)
  const min = Math.floor(low / step) * step
  const max = Math.ceil(top / step) * step
  const ticks: number[] = []
  // Integer steps, so the ticks carry no floating-point drift (0.30000000000000004).
  for (let i = 0; min + i * step <= max + step / 1e9; i++) ticks.push(Number((min + i * step).toPrecision(12)))
  return { min, max, ticks }
}

/** The years of the horizontal axis, every year between the first and the last. */
export function yearAxis(years: readonly number[]): number[] {
  if (years.length === 0) return []
  const first = Math.min(...years)
  const last = Math.max(...years)
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}

export interface Scales {
  x: (year: number) => number
  y: (value: number) => number
}

export function scalesOf(box: Box, years: readonly number[], axis: { min: number; max: number }): Scales {
  const first = years[0] ?? 0
  const last = years[years.length - 1] ?? first
  const plotWidth = box.width - box.left - box.right
  const plotHeight = box.height - box.top - box.bottom
  return {
    // A single year sits in the middle.
    x: (year) => (last === first ? box.left + plotWidth / 2 : box.left + ((year - first) / (last - first)) * plotWidth),
    y: (value) => box.top + plotHeight - ((value - axis.min) / (axis.max - axis.min || 1)) * plotHeight,
  }
}

/** An SVG path through the points; a missing value (null) breaks the line. */
export function linePath(points: ReadonlyArray<{ year: number; value: number | null }>, scales: Scales): string {
  let path = ''
  let pen = false
  for (const p of points) {
    if (p.value === null || !Number.isFinite(p.value)) {
      pen = false
      continue
    }
    path += `${pen ? 'L' : 'M'}${round(scales.x(p.year))},${round(scales.y(p.value))}`
    pen = true
  }
  return path
}

function round(n: number): number {
  return Math.round(n * 10) / 10
}

/** The multiple of the limit a value stands at: below 1, 1–2, 2–5, above 5 ПДК (none without a limit). */
export function levelOf(share: number | null | undefined): 'below-1' | '1-2' | '2-5' | 'above-5' | 'none' {
  if (share === null || share === undefined || !Number.isFinite(share)) return 'none'
  if (share < 1) return 'below-1'
  if (share <= 2) return '1-2'
  if (share <= 5) return '2-5'
  return 'above-5'
}

export const LEVEL_LABELS: Record<string, string> = {
  'below-1': 'ниже 1 ПДК',
  '1-2': '1–2 ПДК',
  '2-5': '2–5 ПДК',
  'above-5': 'выше 5 ПДК',
  none: 'ПДК не установлена',
}

/**
 * A number as Russian text, as the tables write it: a decimal comma, thousands apart from five digits on (the one
 * Russian number helper), at most `digits` significant places (whole numbers kept whole).
 */
export function chartNumber(value: number, digits = 4): string {
  if (!Number.isFinite(value)) return '—'
  const precise = Math.abs(value) >= 10 ** digits ? Math.round(value) : Number(value.toPrecision(digits))
  return formatNumber(precise)
}

/**
 * The years the axis labels: every `step`-th year where step is 1, 2, 5, 10… (the fewest that keeps at most `most`
 * labels), each a multiple of the step, so the labels stand evenly apart («2015, 2020, 2025», never «…2020, 2023»).
 */
export function yearTicks(years: readonly number[], most = 10): number[] {
  if (years.length === 0) return []
  const first = years[0]
  const last = years[years.length - 1]
  const labels = (step: number) => Math.floor(last / step) - Math.ceil(first / step) + 1
  const step = [1, 2, 5, 10, 20, 50, 100].find((s) => labels(s) <= most) ?? 200
  const ticks = years.filter((year) => year % step === 0)
  return ticks.length ? ticks : [first]
}
