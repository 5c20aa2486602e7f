// One field of a reference entry's form, as its kind declares it: the label, a mark when it is required (with the
// `required` and `aria-required` the server's rule agrees with: reference-input.ts `isRequired`), and its own message
// when the server refused it. A value shown in a table or in «Сохранено» reads as the pages write it.
import { isRequired, type ReferenceField } from '@portal/workflow-domain/registry.ts'
import { formatNumber } from '../../../utils/russian-format.ts'

export type ReferenceOptions = Record<string, Array<{ id: number; name: string; retired: boolean }>>

export const RETIRED = 'выведено из употребления'

/** A value as the pages show it: «Да»/«Нет», a choice's and a reference's name, a number with a decimal comma. */
export function shownValue(field: ReferenceField, value: unknown, options: ReferenceOptions): string {
  if (value === null || value === undefined || value === '') return '—'
  if (field.type === 'boolean') return value === true || value === 'on' ? 'Да' : 'Нет'
  if (field.type === 'choice') return Object.hasOwn(field.options, String(value)) ? field.options[String(value)] : String(value)
  if (field.type === 'ref') return options[field.name]?.find((o) => o.id === Number(value))?.name ?? `№ ${value}`
  if (field.type === 'number') return formatNumber(Number(value), { maximumFractionDigits: 6 })
  if (field.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(String(value))) return String(value).split('-').reverse().join('.')
  return String(value)
}

export const fieldId = (name: string) => `field-${name}`
export const fieldErrorId = (name: string) => `field-${name}-error`

export function ReferenceFieldInput({ field, value, error, fixed, options }: { field: ReferenceField; value: unknown; error: string | null; fixed: boolean; options: ReferenceOptions }) {
  const required = isRequired(field)
  const common = {
    id: fieldId(field.name),
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? fieldErrorId(field.name) : undefined,
  }
  const flags = required ? { required: true, 'aria-required': true } : {}
  const text = value === null || value === undefined ? '' : String(value)
  const message = error ? <span className="field-error" id={fieldErrorId(field.name)}>{error}</span> : null
  // The label holds the field's name only (a reader and a script find the field by it); the asterisk beside it is for
  // the eye, aria-required tells a screen reader, and the message sits under the field.
  const head = (
    <div className="field-head">
      <label htmlFor={common.id}>{field.label}</label>
      {required ? <span className="required-mark" aria-hidden="true">*</span> : null}
    </div>
  )
  if (field.type === 'boolean') {
    return (
      <div className="field">
        <label className="check">
          <input type="checkbox" {...common} defaultChecked={value === true || value === 'on'} /> {field.label}
        </label>
        {message}
      </div>
    )
  }
  if (field.type === 'choice' || field.type === 'ref') {
    // A retired entry is offered only where it is already chosen, marked so.
    const list =
      field.type === 'choice'
        ? Object.entries(field.options).map(([id, name]) => ({ id, name }))
        : (options[field.name] ?? []).filter((o) => !o.retired || String(o.id) === text).map((o) => ({ id: String(o.id), name: o.retired ? `${o.name} (${RETIRED})` : o.name }))
    return (
      <div className="field">
        {head}
        <select {...common} {...flags} defaultValue={text}>
          <option value="">---</option>
          {list.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
        </select>
        {message}
      </div>
    )
  }
  return (
    <div className="field">
      {head}
      {/* Numbers are typed as text: a decimal comma is fine and the server says what is wrong, in Russian. */}
      <input
        type={field.type === 'date' ? 'date' : 'text'}
        inputMode={field.type === 'number' ? 'decimal' : field.type === 'year' ? 'numeric' : undefined}
        {...common}
        {...flags}
        defaultValue={field.type === 'number' && text ? text.replace('.', ',') : text}
        readOnly={fixed}
        autoComplete="off"
      />
      {message}
    </div>
  )
}
