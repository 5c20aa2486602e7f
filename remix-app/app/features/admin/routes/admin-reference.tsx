// The admin screens of reference data (Administrator only): one kind's entries, a form to add or change one, and
// the kind's history of changes. The loader and the action only parse and call the use-cases of admin/reference.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { REFERENCE_KIND_LIST, REFERENCE_KINDS, isReferenceKind, type ReferenceField, type ReferenceKind } from '@portal/workflow-service/admin/reference/reference-kinds.ts'
import { RouteError } from '../../../components/route-error.tsx'
import authStyles from '../../../styles/auth.css?url'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { pageValue, refusalAnswer } from '../../../utils/use-case-answers.server.ts'
import { AdminNav } from '../components/admin-nav.tsx'
import { formatNumber } from '../../../utils/russian-format.ts'
import { formRefusal, readPageForm } from '../../../utils/form-refusal.ts'
import { FormError } from '../../../components/form-error.tsx'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }]

function kindOf(params: { kind?: string }): ReferenceKind {
  const kind = params.kind ?? 'substance'
  if (!isReferenceKind(kind)) throw new Response('Раздел не найден.', { status: 404 })
  return kind
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requirePermission(request, context.user, 'admin:reference')
  const kind = kindOf(params)
  const page = pageValue(request, context.user, await context.reference.referencePage(context.useCaseContext, { kind }))
  const edit = Number(new URL(request.url).searchParams.get('edit'))
  const editing = page.entries.find((e) => e.id === edit) ?? null
  return {
    kind,
    title: `Справочные данные: ${REFERENCE_KINDS[kind].title}`,
    kinds: REFERENCE_KIND_LIST.map((k) => ({ kind: k.kind, title: k.title })),
    ...page,
    history: page.history.map((h) => ({ ...h, at: h.at.toISOString() })),
    editing,
    csrfToken: context.csrfToken,
  }
}

type ActionAnswer = { ok: string | null; error: string | null; field: string | null; values: Record<string, string> | null }

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePermission(request, context.user, 'admin:reference')
  const kind = kindOf(params)
  const form = await readPageForm(request)
  const values: Record<string, string> = {}
  for (const field of REFERENCE_KINDS[kind].fields) values[field.name] = String(form.get(field.name) ?? '')
  const refused = formRefusal(form, Object.fromEntries(REFERENCE_KINDS[kind].fields.map((f) => [f.name, f.label])))
  if (refused) return data<ActionAnswer>({ ok: null, error: refused.message, field: refused.field, values }, { status: 400 })
  const id = Number(form.get('id'))
  const change = form.get('intent') === 'change' && Number.isInteger(id) && id > 0
  const outcome = change
    ? await context.reference.changeEntry(context.useCaseContext, { kind, id, values })
    : await context.reference.addEntry(context.useCaseContext, { kind, values })
  if (!outcome.ok) {
    const { status, detail, parameter } = refusalAnswer(outcome.refusal)
    return data<ActionAnswer>({ ok: null, error: detail, field: parameter ?? null, values }, { status })
  }
  if ('changed' in outcome.value) {
    return data<ActionAnswer>({ ok: outcome.value.changed ? 'Изменения сохранены.' : 'Изменений нет: запись не менялась.', error: null, field: null, values: null })
  }
  return data<ActionAnswer>({ ok: 'Запись добавлена.', error: null, field: null, values: null })
}

type Options = Record<string, Array<{ id: number; name: string }>>

function shown(field: ReferenceField, value: unknown, options: Options): string {
  if (value === null || value === undefined || value === '') return '—'
  if (field.type === 'boolean') return value ? 'Да' : 'Нет'
  if (field.type === 'choice') return field.options[String(value)] ?? String(value)
  if (field.type === 'ref') return options[field.name]?.find((o) => o.id === Number(value))?.name ?? `№ ${value}`
  if (field.type === 'number') return formatNumber(Number(value), { maximumFractionDigits: 6 })
  return String(value)
}

function FieldInput({ field, value, invalid, fixed, options }: { field: ReferenceField; value: unknown; invalid: boolean; fixed: boolean; options: Options }) {
  const common = { id: `field-${field.name}`, name: field.name, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? 'reference-error' : undefined }
  const text = value === null || value === undefined ? '' : String(value)
  const required = 'required' in field && field.required
  const label = `${field.label}${required ? ' (обязательно)' : ''}`
  if (field.type === 'boolean') {
    return (
      <label className="check">
        <input type="checkbox" {...common} defaultChecked={value === true || value === 'on'} /> {field.label}
      </label>
    )
  }
  if (field.type === 'choice' || field.type === 'ref') {
    const list = field.type === 'choice' ? Object.entries(field.options).map(([id, name]) => ({ id, name })) : (options[field.name] ?? []).map((o) => ({ id: String(o.id), name: o.name }))
    return (
      <label htmlFor={common.id}>
        {label}
        <select {...common} defaultValue={text}>
          <option value="">---</option>
          {list.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
        </select>
      </label>
    )
  }
  return (
    <label htmlFor={common.id}>
      {label}
      {/* Numbers are typed as text: a decimal comma is fine and the server says what is wrong, in Russian. */}
      <input type="text" inputMode={field.type === 'number' ? 'decimal' : undefined} {...common} defaultValue={field.type === 'number' && text ? text.replace('.', ',') : text} readOnly={fixed} autoComplete="off" />
    </label>
  )
}

export default function AdminReference() {
  const { kind, title, kinds, entries, options, history, editing, csrfToken } = useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer>()
  const busy = useNavigation().state !== 'idle'
  const def = REFERENCE_KINDS[kind]
  const valueOf = (name: string) => (answer?.values ? answer.values[name] : editing ? editing.values[name] : null)
  const labelOf = (name: string) => def.fields.find((f) => f.name === name)
  return (
    <section className="admin-reference">
      <h1>{title}</h1>
      <AdminNav kinds={kinds} />

      <h2 id="edit">{editing ? `Изменение ${def.one} «${String(editing.values.name ?? editing.id)}»` : 'Новая запись'}</h2>
      {/* noValidate: the server checks every field and answers in Russian, the browser's own hints would not be. */}
      <Form method="post" className="admin-form" aria-labelledby="edit" noValidate key={`${kind}-${editing?.id ?? 'new'}`}>
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <input type="hidden" name="intent" value={editing ? 'change' : 'add'} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {def.fields.map((field) => (
          <FieldInput key={field.name} field={field} value={valueOf(field.name)} invalid={answer?.field === field.name} fixed={Boolean(editing && field.type === 'text' && field.fixed)} options={options} />
        ))}
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>{editing ? 'Сохранить' : 'Добавить'}</button>
          {editing ? <Link to={`/admin/reference/${kind}`}>Отмена</Link> : null}
        </div>
        <FormError message={answer?.error} id="reference-error" />
        {answer?.ok ? <p className="form-ok" role="status">{answer.ok}</p> : null}
      </Form>

      <h2>Записи ({entries.length})</h2>
      <div className="table-scroll">
        <table className="admin-table">
          <thead>
            <tr>
              {def.fields.map((f) => <th key={f.name} scope="col">{f.label}</th>)}
              <th scope="col"><span className="visually-hidden">Действия</span></th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                {def.fields.map((f) => <td key={f.name}>{shown(f, entry.values[f.name], options)}</td>)}
                <td>
                  <Link to={`?edit=${entry.id}#edit`} aria-label={`Изменить: ${String(entry.values.name ?? entry.id)}`}>Изменить</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>История изменений</h2>
      {history.length === 0 ? (
        <p>Изменений пока не было.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table reference-history">
            <thead>
              <tr>
                <th scope="col">Когда</th>
                <th scope="col">Кто</th>
                <th scope="col">Запись</th>
                <th scope="col">Что сделано</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.position}>
                  <td>{new Date(h.at).toLocaleString('ru-RU', { timeZone: 'Asia/Yekaterinburg' })}</td>
                  <td>{h.username}{h.clientAddress ? <span className="muted"> ({h.clientAddress})</span> : null}</td>
                  <td>{h.entryName}</td>
                  <td>
                    {h.added ? 'Добавлена' : (
                      <ul className="changes">
                        {h.changes.map((c) => {
                          const field = labelOf(c.field)
                          return <li key={c.field}>{field?.label ?? c.field}: {field ? shown(field, c.from, options) : String(c.from)} → {field ? shown(field, c.to, options) : String(c.to)}</li>
                        })}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Страница доступна только администраторам." />
}
