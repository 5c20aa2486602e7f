// Chemical formulas in labels and headers read as chemists write them: CO2 → CO₂, C2F6 → C₂F₆, 'т CO2-экв.' →
// 'т CO₂-экв.'. Only for what the pages show: the registry's labels stay ASCII, since the upload templates' headers
// are built from them and the files people already filled in must keep matching.
const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉'

// A formula: two or more element symbols (capital, optional small letter) with counts, and at least one count;
// Latin letters only, so Cyrillic codes (ПН-78-01) and plain numbers are left alone.
const FORMULA = /\b(?:[A-Z][a-z]?\d*){2,}\b|\b[A-Z][a-z]?\d+\b(?!-\d)/g

export function withSubscripts(text: string): string {
  return text.replace(FORMULA, (formula) => (/\d/.test(formula) && !/^\d/.test(formula) ? formula.replace(/\d/g, (d) => SUBSCRIPT[Number(d)]) : formula))
}
