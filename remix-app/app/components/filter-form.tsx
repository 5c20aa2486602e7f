// The filters of a list page in a GET form (the URL holds them, so links and the back button restore the list):
// selects applied at once, a search 750 ms after the last keystroke. The catalogue's lists, the map, the charts and
// the exceedances all show it, so it stands below the features. A form of several fields that go together (the
// Department's audit and as-of view: dates, a year, a login) is applied by its button instead (`submitLabel`), in the
// same look.
import { Form, useSubmit } from '@remix-run/react'
import { useRef } from 'react'
import { useDebouncedSubmit } from './use-debounced-submit.ts'

export interface Option {
  value: string
  label: string
  /** The heading of the options' group (an <optgroup>): consecutive options of one group stand under it. */
  group?: string
}

export interface FilterControl {
  name: string
  label: string
  kind: 'select' | 'search' | 'text' | 'date'
  value: string
  options?: Option[]
  placeholder?: string
  required?: boolean
  inputMode?: 'numeric'
}

/** The options as <option>s, consecutive ones of a group under its <optgroup>. */
function optionsOf(options: Option[] = []) {
  const runs: Array<{ group?: string; options: Option[] }> = []
  for (const o of options) {
    const last = runs.at(-1)
    if (last && last.group === o.group) last.options.push(o)
    else runs.push({ group: o.group, options: [o] })
  }
  const each = (list: Option[]) =>
    list.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ))
  return runs.map((run, i) =>
    run.group === undefined ? (
      each(run.options)
    ) : (
      <optgroup key={`${i}-${run.group}`} label={run.group}>
        {each(run.options)}
      </optgroup>
    ),
  )
}

export function FilterForm({ controls, hidden = {}, submitLabel }: { controls: FilterControl[]; hidden?: Record<string, string>; submitLabel?: string }) {
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const searchLater = useDebouncedSubmit({ preventScrollReset: true })
  if (controls.length === 0) return null
  // A changed filter submits the form without `limit`: the list starts again from the first page (offset 0).
  const apply = () => !submitLabel && form.current && submit(form.current, { preventScrollReset: true })
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
            onChange={() => (submitLabel ? undefined : searchLater(form.current))}
          />
        ) : control.kind === 'select' ? (
          <label key={control.name} className="filter">
            <span>{control.label}</span>
            <select name={control.name} defaultValue={control.value} onChange={apply}>
              {optionsOf(control.options)}
            </select>
          </label>
        ) : (
          <label key={control.name} className="filter">
            <span>{control.label}</span>
            <input
              type={control.kind}
              name={control.name}
              defaultValue={control.value}
              placeholder={control.placeholder}
              required={control.required}
              inputMode={control.inputMode}
              maxLength={control.kind === 'text' ? 200 : undefined}
            />
          </label>
        ),
      )}
      {submitLabel ? (
        <button type="submit" className="button">
          {submitLabel}
        </button>
      ) : (
        <noscript>
          <button type="submit" className="button">
            Применить
          </button>
        </noscript>
      )}
    </Form>
  )
}
