// The year filter of the reports page: the current year and the 9 before it; choosing one reloads the page's data.
import { Form, useSubmit } from '@remix-run/react'
import type { ChangeEvent } from 'react'

/** «Отчетный период» as a select of the given years; a form of several filters holds it among the others. */
export function YearSelect({ year, years, onChange }: { year: number; years: number[]; onChange?: (event: ChangeEvent<HTMLSelectElement>) => void }) {
  return (
    <label className="field-inline">
      Отчетный период
      <select name="year" defaultValue={year} key={year} onChange={onChange}>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </label>
  )
}

export function YearFilter({ year, years }: { year: number; years: number[] }) {
  const submit = useSubmit()
  return (
    <Form method="get" className="filters year-filter">
      <YearSelect year={year} years={years} onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })} />
      {/* Without JavaScript the choice is sent with this button. */}
      <noscript>
        <button type="submit" className="button">
          Показать
        </button>
      </noscript>
    </Form>
  )
}
