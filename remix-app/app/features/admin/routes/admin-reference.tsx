// The admin screens of reference data (Administrator only): one kind's entries, a form to add or change one, buttons
// to retire an entry from use, restore it or delete it, and the kind's history of changes. The loader and the action
// only parse and call the use-cases of admin/reference; every answer of the action is shown (decision 2687).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { REFERENCE_KIND_LIST, REFERENCE_KINDS, isReferenceKind, type ReferenceKind } from '@portal/workflow-domain/registry.ts'
import { personWithRole } from '@portal/workflow-domain/views.ts'
import { RouteError } from '../../../components/route-error.tsx'
import authStyles from '../../../styles/auth.css?url'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import { AdminNav } from '../components/admin-nav.tsx'
import { formRefusal, readPageForm } from '../../../utils/form-refusal.ts'
import { FormError } from '../../../components/form-error.tsx'
import { RETIRED, ReferenceFieldInput, shownValue } from '../components/reference-field.tsx'
import { ReferenceErrorSummary } from '../components/reference-error-summary.tsx'
import { referenceAnswer, type ReferenceAnswer } from '../reference-answer.server.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }]

function kindOf(params: { kind?: string }): ReferenceKind {
  const kind = params.kind ?? 'substance'
  if (!isReferenceKind(kind)) throw new Response('Раздел не найден.', { status: 404 })
  return kind
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Who may see the screen is the use-case's one check (the public is sent to log in, anyone else gets the 403 page);
  // a kind it does not know is this page's 404.
  const outcome = await context.reference.referencePage(context.useCaseContext, { kind: params.kind ?? 'substance' })
  if (!outcome.ok && outcome.refusal.reason === 'reference-not-found') kindOf(params)
  const page = pageValue(request, context.user, outcome)
  const kind = kindOf(params)
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

const INTENTS = ['add', 'change', 'retire', 'restore', 'delete'] as const

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePermission(request, context.user, 'admin:reference')
  const kind = kindOf(params)
  const form = await readPageForm(request)
  const intent = INTENTS.find((i) => i === form.get('intent')) ?? 'add'
  const values: Record<string, string> = {}
  for (const field of REFERENCE_KINDS[kind].fields) values[field.name] = String(form.get(field.name) ?? '')
  const refused = formRefusal(form, Object.fromEntries(REFERENCE_KINDS[kind].fields.map((f) => [f.name, f.label])))
  if (refused) return data<ReferenceAnswer>(referenceAnswer.refusedForm(kind, intent, refused, values), { status: 400 })
  const raw = Number(form.get('id'))
  const id = Number.isInteger(raw) && raw > 0 ? raw : 0
  const useCases = context.reference
  const c = context.useCaseContext
  // An entry's own action without an entry is a form that was not sent from the page: the use-case's schema says so.
  const outcome =
    intent === 'add'
      ? await useCases.addEntry(c, { kind, values })
      : intent === 'change'
        ? await useCases.changeEntry(c, { kind, id, values })
        : intent === 'delete'
          ? await useCases.deleteEntry(c, { kind, id })
          : await useCases.retireEntry(c, { kind, id, retire: intent === 'retire' })
  const answer = referenceAnswer.of(kind, intent, outcome, values)
  return data<ReferenceAnswer>(answer, { status: answer.status })
}

export default function AdminReference() {
  const { kind, title, kinds, entries, options, history, editing, csrfToken } = useLoaderData<typeof loader>()
  const answer = useActionData<ReferenceAnswer>()
  const busy = useNavigation().state !== 'idle'
  const def = REFERENCE_KINDS[kind]
  const formAnswer = answer && (answer.intent === 'add' || answer.intent === 'change') ? answer : null
  const rowAnswer = answer && !formAnswer ? answer : null
  // What was typed stays after a refusal; after a change the form shows what the server saved (the page's own data is
  // read again only after the answer shows), after an add it is empty for the next entry.
  const valueOf = (name: string) => {
    if (formAnswer?.values) return formAnswer.values[name]
    if (formAnswer?.saved) return formAnswer.intent === 'change' ? formAnswer.saved[name] : null
    return editing ? editing.values[name] : null
  }
  const errorOf = (name: string) => formAnswer?.errors.find((e) => e.field === name)?.message ?? null
  const fieldOf = (name: string) => def.fields.find((f) => f.name === name)
  const hasRequired = def.fields.some((f) => 'required' in f && f.required)
  return (
    <section className="admin-reference">
      <h1>{title}</h1>
      <AdminNav kinds={kinds} />

      <h2 id="edit">{editing ? `Изменение ${def.one} «${String(editing.values.name ?? editing.id)}»` : 'Новая запись'}</h2>
      {/* noValidate: the server checks every field and answers in Russian, the browser's own hints would not be. */}
      <Form method="post" className="admin-form" aria-labelledby="edit" noValidate key={`${kind}-${editing?.id ?? 'new'}-${formAnswer?.token ?? ''}`}>
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <input type="hidden" name="intent" value={editing ? 'change' : 'add'} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {hasRequired ? (
          <p className="muted">
            <span aria-hidden="true">* </span>— обязательное поле
          </p>
        ) : null}
        <ReferenceErrorSummary errors={formAnswer?.errors ?? []} />
        <FormError message={formAnswer?.error} id="reference-error" />
        {formAnswer?.saved ? (
          <div className="form-ok reference-saved" role="status">
            <p>
              <strong>Сохранено.</strong> {formAnswer.ok}
            </p>
            <dl>
              {def.fields.map((f) => (
                <div key={f.name}>
                  <dt>{f.label}</dt>
                  <dd>{shownValue(f, formAnswer.saved![f.name], options)}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
        {def.fields.map((field) => (
          <ReferenceFieldInput
            key={field.name}
            field={field}
            value={valueOf(field.name)}
            error={errorOf(field.name)}
            fixed={Boolean(editing && field.type === 'text' && field.fixed)}
            options={options}
          />
        ))}
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>{editing ? 'Сохранить' : 'Добавить'}</button>
          {editing ? <Link to={`/admin/reference/${kind}`}>Отмена</Link> : null}
        </div>
      </Form>

      <h2 id="entries">Записи ({entries.length})</h2>
      {rowAnswer?.ok ? <p className="form-ok" role="status" id="entry-ok">{rowAnswer.ok}</p> : null}
      <FormError message={rowAnswer?.error} id="entry-error" />
      <div className="table-scroll">
        <table className="admin-table" aria-labelledby="entries">
          <thead>
            <tr>
              {def.fields.map((f) => <th key={f.name} scope="col">{f.label}</th>)}
              <th scope="col"><span className="visually-hidden">Действия</span></th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const name = String(entry.values.name ?? entry.id)
              return (
                <tr key={entry.id} className={entry.retired ? 'retired' : undefined}>
                  {def.fields.map((f, i) => (
                    <td key={f.name}>
                      {shownValue(f, entry.values[f.name], options)}
                      {i === 0 && entry.retired ? <span className="retired-mark"> ({RETIRED})</span> : null}
                    </td>
                  ))}
                  <td className="entry-actions">
                    <Link to={`?edit=${entry.id}#edit`} aria-label={`Изменить: ${name}`}>Изменить</Link>
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
                      <input type="hidden" name="id" value={entry.id} />
                      <button type="submit" name="intent" value={entry.retired ? 'restore' : 'retire'} className="button-secondary" disabled={busy} aria-label={`${entry.retired ? 'Вернуть в употребление' : 'Вывести из употребления'}: ${name}`}>
                        {entry.retired ? 'Вернуть в употребление' : 'Вывести из употребления'}
                      </button>
                      <button type="submit" name="intent" value="delete" className="button-secondary" disabled={busy} aria-label={`Удалить: ${name}`}>
                        Удалить
                      </button>
                    </Form>
                  </td>
                </tr>
              )
            })}
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
                  <td>{personWithRole(h.person, h.role)}{h.clientAddress ? <span className="muted"> ({h.clientAddress})</span> : null}</td>
                  <td>{h.entryName}</td>
                  <td>
                    {h.action === 'changed' ? (
                      <ul className="changes">
                        {h.changes.map((c) => {
                          const field = fieldOf(c.field)
                          return <li key={c.field}>{field?.label ?? c.field}: {field ? shownValue(field, c.from, options) : String(c.from)} → {field ? shownValue(field, c.to, options) : String(c.to)}</li>
                        })}
                        {h.conversion ? <li className="conversion">{h.conversion}</li> : null}
                      </ul>
                    ) : (
                      HISTORY_ACTION[h.action]
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

const HISTORY_ACTION = { added: 'Добавлена', changed: 'Изменена', retired: 'Выведена из употребления', restored: 'Возвращена в употребление', deleted: 'Удалена' } as const

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Страница доступна только администраторам." />
}
