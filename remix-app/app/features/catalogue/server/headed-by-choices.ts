// A list headed with what was chosen for it: «Парниковые газы: ООО «…», 2023 год, Сжигание в факелах» (catalogue.md
// §2.8), the same words whether the list is the greenhouse page filtered by company or the company's own tab.
import type { FilterControl } from '../../../components/filter-form.tsx'

/** The title, then the company, the year and the other choices made, those not made left out. */
export function headedByChoices(title: string, company: string | undefined, year: string | number | undefined, ...choices: Array<string | undefined>): string {
  const chosen = [company, year ? `${year} год` : undefined, ...choices].filter((part): part is string => Boolean(part))
  return chosen.length ? `${title}: ${chosen.join(', ')}` : title
}

/** The words of a select's chosen option; undefined for «Все», a search box or a value it does not offer. */
export function chosenLabel(controls: FilterControl[] | FilterControl, name?: string): string | undefined {
  const control = Array.isArray(controls) ? controls.find((c) => c.name === name) : controls
  if (!control || control.kind !== 'select' || control.value === '') return undefined
  return control.options?.find((o) => o.value === control.value)?.label
}
