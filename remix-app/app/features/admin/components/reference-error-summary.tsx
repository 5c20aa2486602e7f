// The summary at the top of a refused reference form: every field that stopped the save, each a link to its field
// (where its own message repeats), read out as soon as it shows.
import { fieldId } from './reference-field.tsx'

export function ReferenceErrorSummary({ errors }: { errors: Array<{ field: string; message: string }> }) {
  if (errors.length === 0) return null
  return (
    <div className="form-error error-summary" role="alert" id="reference-errors">
      <p>{errors.length === 1 ? 'Запись не сохранена: исправьте поле.' : `Запись не сохранена: исправьте поля (${errors.length}).`}</p>
      <ul>
        {errors.map((e) => (
          <li key={e.field}>
            <a href={`#${fieldId(e.field)}`}>{e.message}</a>
          </li>
        ))}
      </ul>
    </div>
  )
}
