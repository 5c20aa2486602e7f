// The year filter of the reports page: the current year and the 9 before it; choosing one reloads the page's data.
import { Form, useSubmit } from '@remix-run/react'

export function YearFilter({ year, years }: { year: number; years: number[] }) {
  const submit = useSubmit()
  return (
    <Form method="get" className="filters year-filter">
      <label className="field-inline">
        Отчетный период
        <select name="year" defaultValue={year} key={year} onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      {/* Without JavaScript the choice is sent with this button. */}
      <noscript>
        <button type="submit" className="button">
          Показать
        </button>
      </noscript>
    </Form>
  )
}
