// The one fold by which a substance's name or a point's code written in a file is matched to the reference data:
// declared once, used by the unit lookup, the duplicate key, the publication and the plausibility checks alike.

/** Latin letters that look like Cyrillic ones, as people type them into a Cyrillic name by mistake (lower case). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у',
}

/** Sub- and superscript digits (NO₂, м³) read as plain digits. */
const DIGITS: Readonly<Record<string, string>> = {
  '₀': '0', '₁': '1', '₂': '2', '₃': '3', '₄': '4', '₅': '5', '₆': '6', '₇': '7', '₈': '8', '₉': '9',
  '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9',
}

const folded = new Map<string, string>()

/**
 * A name as the reference data compares it: without case, with every kind of space (no-break, thin, doubled) one
 * space, Latin look-alikes as their Cyrillic letters, ё as е, sub- and superscripts as digits and every dash as a
 * hyphen. Both sides are folded, so «Диоксид азота (NO₂)», «диоксид  азота (no2)» and «Диoксид азота (NO2)» with a
 * Latin «o» are one name. Memoised, since a file repeats its few names.
 */
export function foldName(text: string): string {
  let found = folded.get(text)
  if (found === undefined) {
    found = text
      .normalize('NFC')
      .replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]+/g, ' ')
      .trim()
      .toLowerCase()
      .replace(/[\u2010-\u2015\u2212]/g, '-')
      .replace(/[a-zа-яё₀-₉⁰¹²³⁴-⁹]/g, (c) => (c === 'ё' ? 'е' : (LOOK_ALIKES[c] ?? DIGITS[c] ?? c)))
    if (folded.size < 10_000) folded.set(text, found)
  }
  return found
}
