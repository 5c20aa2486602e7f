// The filters of a list page in a GET form (the URL holds them, so links and the back button restore the list):
// selects applied at once, a search 750 ms after the last keystroke. The catalogue's lists, the map, the charts and
// the exceedances all show it, so it stands below the features.
import { Form, useSubmit } from '@remix-run/react'
import { useRef } from 'react'
import { useDebouncedSubmit } from './use-debounced-submit.ts'

export interface Option {
  value: string
  label: string
}

export interface FilterControl {
  name: string
  label: string
  kind: 'select' | 'search'
  value: string
  options?: Option[]
  placeholder?: string
}

export function FilterForm({ controls, hidden = {} }: { controls: FilterControl[]; hidden?: Record<string, string> }) {
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const searchLater = useDebouncedSubmit({ preventScrollReset: true })
  if (controls.length === 0) return null
  // A changed filter submits the form without `limit`: the list starts again from the first page (offset 0).
  const apply = () => form.current && submit(form.current, { preventScrollReset: true })
  return (
    <Form ref={form} method="get" className="filters" role="search">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {controls.map((control) =>
        control.kind === 'search' ? (
          <input
            key={control.name}
            type="search"
            name={control.name}
            defaultValue={control.value}
            placeholder={control.placeholder}
            aria-label={control.label}
            maxLength={200}
            onChange={() => searchLater(form.current)}
          />
        ) : (
          <label key={control.name} className="filter">
            <span>{control.label}</span>
            <select name={control.name} defaultValue={control.value} onChange={apply}>
              {control.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ),
      )}
      <noscript>
        <button type="submit" className="button">
          Применить
        </button>
      </noscript>
    </Form>
  )
}
