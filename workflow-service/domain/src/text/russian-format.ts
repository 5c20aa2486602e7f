// Numbers and numerals the way Russian writes them: one place for the plural form of a noun after a number
// (Intl.PluralRules('ru'): 1 вид, 3 вида, 5 видов, 1,5 вида) and for digits (Intl.NumberFormat('ru-RU'): decimal
// comma, thousands apart by a no-break space from five digits on, so years and four-digit numbers stay whole).
// It lives here so the API, the workers and the pages share it; pages import it from remix-app/app/utils/.

/** The three forms of a noun after a number: after 1 (21, 101…), after 2–4 (22…), after 5–20 and 0. */
export type PluralForms = readonly [one: string, few: string, many: string]

const pluralRules = new Intl.PluralRules('ru')

/** The form of the noun that agrees with n: plural(3, ['вид', 'вида', 'видов']) → 'вида'. */
export function plural(n: number, forms: PluralForms): string {
  switch (pluralRules.select(n)) {
    case 'one':
      return forms[0]
    case 'few':
      return forms[1]
    case 'many':
      return forms[2]
    // Fractions ('other'): 1,5 вида, 2,5 тонны — the form used after 2–4.
    default:
      return forms[1]
  }
}

export interface NumberOptions extends Intl.NumberFormatOptions {
  /** Exactly this many digits after the comma (a field's declared precision). */
  decimals?: number
}

const formatters = new Map<string, Intl.NumberFormat>()

function formatterFor(options: NumberOptions): Intl.NumberFormat {
  const key = JSON.stringify(options)
  let formatter = formatters.get(key)
  if (!formatter) {
    const { decimals, ...intl } = options
    formatter = new Intl.NumberFormat('ru-RU', {
      // Russian typography splits thousands only from five digits on: 2024, 9999, 10 000.
      useGrouping: 'min2',
      // Measured values keep their digits (0,00012 мг/м³) instead of Intl's default of three.
      maximumFractionDigits: 20,
      ...(decimals !== undefined ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : {}),
      ...intl,
    } as Intl.NumberFormatOptions)
    formatters.set(key, formatter)
  }
  return formatter
}

/** Numbers at least this large are written with a power of ten (5·10³⁰²), never with 303 digits or as 5e+302. */
const POWER_FROM = 1e15

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹'
const superscript = (n: number) => String(n).replace(/\d/g, (d) => SUPERSCRIPTS[Number(d)]).replace('-', '⁻')

/**
 * 12345.5 → '12 345,5'; { decimals: 2 } → '12 345,50'. -0 is 0; a number past 10¹⁵ is written 5·10³⁰², and one beyond
 * the numbers (Infinity, NaN) as «—»: no message or page ever says «Infinity» or «e+302».
 */
export function formatNumber(n: number, options: NumberOptions = {}): string {
  if (!Number.isFinite(n)) return '—'
  if (Object.is(n, -0)) n = 0
  if (Math.abs(n) >= POWER_FROM) {
    const exponent = Math.floor(Math.log10(Math.abs(n)))
    const mantissa = Number((n / 10 ** exponent).toPrecision(3))
    return `${mantissa === 1 ? '' : `${formatterFor({}).format(mantissa)}·`}10${superscript(exponent)}`
  }
  // Twelve significant digits drop the float noise of sums (0.1 + 0.2) without losing measured precision.
  const value = options.decimals === undefined && options.maximumFractionDigits === undefined ? Number(n.toPrecision(12)) : n
  const text = formatterFor(options).format(value)
  return text === '-0' || /^-0([,.]0+)?$/.test(text) ? text.slice(1) : text
}

/** Past this multiple of a limit the words say «более чем в 10⁶ раз»: a larger number would only pretend to precision. */
export const MULTIPLE_WORDS_BOUND = 1e6

/**
 * A multiple as Russian says it, rounded as a reader needs it: «в 3,1 раза», «в 25 раз», «в 1 250 раз», «более чем
 * в 10⁶ раз» past the bound; one decimal below 10, whole numbers above.
 */
export function formatTimes(multiple: number): string {
  if (!Number.isFinite(multiple) || multiple > MULTIPLE_WORDS_BOUND) return `более чем в 10${superscript(Math.log10(MULTIPLE_WORDS_BOUND))} раз`
  const rounded = multiple < 10 ? Math.round(multiple * 10) / 10 : Math.round(multiple)
  return `в ${formatCount(rounded, ['раз', 'раза', 'раз'])}`
}

/**
 * A value's multiple of its limit, the one computation of the exceedances' `multiple`, the readings' `share` and the
 * charts: value / limit to three decimals (of its fifteen significant digits), or null without a positive limit or when the quotient is not a finite number.
 */
export function multipleOf(value: number | null | undefined, limit: number | null | undefined): number | null {
  if (typeof value !== 'number' || typeof limit !== 'number' || !(limit > 0) || !Number.isFinite(value)) return null
  const quotient = value / limit
  if (!Number.isFinite(quotient)) return null
  // Fifteen significant digits first (what a double holds exactly): the last bits of a quotient are noise, and 0,0955
  // must round alike whether it is 0,0573 / 0,6 or 57,3 / 600 (a unit change multiplies both by one power of ten,
  // decision 3416), while 6 666 666 666,667 keeps its three decimals.
  const rounded = Number(Number(quotient.toPrecision(15)).toFixed(3))
  return Object.is(rounded, -0) ? 0 : rounded
}

/** A number with its noun: formatCount(3, ['вид', 'вида', 'видов']) → '3 вида'. */
export function formatCount(n: number, forms: PluralForms, options: NumberOptions = {}): string {
  return `${formatNumber(n, options)} ${plural(n, forms)}`
}

/** After 'не длиннее', 'более' the noun is genitive: 1 символа, 21 символа, 5 символов. */
export const CHARACTERS_GENITIVE: PluralForms = ['символа', 'символов', 'символов']
export const VALUES_GENITIVE: PluralForms = ['значения', 'значений', 'значений']
