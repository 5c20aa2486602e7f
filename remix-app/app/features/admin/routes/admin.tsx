// The admin page (Administrator only): the users as a table (name, login, groups and company, state, actions), one row
// each; «Изменить» opens the user's form (name, address, groups, company, active), a new password and the history of
// changes. A refused form lists every wrong field at once and marks each. Each form carries the version of the account
// it was drawn from: a change another administrator saved meanwhile is refused, not overwritten.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import { refusalInWords } from '../../../utils/refusal-words.ts'
import authStyles from '../../../styles/auth.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { formRefusal, readPageForm } from '../../../utils/form-refusal.ts'
import { REFERENCE_KIND_LIST } from '@portal/workflow-domain/registry.ts'
import { AdminNav } from '../components/admin-nav.tsx'
import { RETIRED } from '../components/reference-field.tsx'
import { FormError } from '../../../components/form-error.tsx'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }]
export const handle: TitleHandle = { title: 'Пользователи — Администрирование' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePermission(request, context.user, 'admin:users')
  const { users, companies, groups, history } = pageValue(request, context.user, await context.accounts.users(context.useCaseContext, {}))
  const kinds = REFERENCE_KIND_LIST.map((k) => ({ kind: k.kind, title: k.title }))
  return { users, companies, groups, history: history.map((h) => ({ ...h, at: h.at.toISOString() })), kinds, csrfToken: context.csrfToken, me: context.user!.id }
}

/** The company is picked from the list: its id, empty for none, or NaN (refused by the use-case's schema). */
function companyOf(form: FormData): number | null {
  const raw = String(form.get('company') ?? '').trim()
  if (raw === '') return null
  return /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN
}

function groupsOf(form: FormData): string[] {
  return form.getAll('groups').map(String)
}

/** The version the form was drawn from; one that is not a whole number is left to the use-case's schema to refuse. */
function versionOf(form: FormData): number | null {
  const raw = String(form.get('version') ?? '').trim()
  if (raw === '') return null
  return /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN
}

export async function action({ request, context }: ActionFunctionArgs) {
  requirePermission(request, context.user, 'admin:users')
  const form = await readPageForm(request)
  const intent = String(form.get('intent') ?? '')
  const id = intent === 'create' ? null : Number(form.get('id'))
  const invalid = formRefusal(form)
  if (invalid) return data<ActionAnswer>({ ok: null, errors: [{ field: invalid.field, message: invalid.message }], intent, id: Number.isInteger(id) ? id : null }, { status: 400 })
  const refused = (refusal: Parameters<typeof refusalInWords>[0]) => {
    const { status, detail, parameter, fields } = refusalInWords(refusal)
    const errors = fields ? fields.map((f) => ({ field: f.parameter, message: f.detail })) : [{ field: parameter ?? null, message: detail }]
    return data<ActionAnswer>({ ok: null, errors, intent, id }, { status })
  }
  // A company that is not a whole number was not picked from the list.
  if (Number.isNaN(companyOf(form))) return data<ActionAnswer>({ ok: null, errors: [{ field: 'company', message: 'Предприятие: выберите предприятие из списка' }], intent, id }, { status: 400 })
  const accounts = context.accounts
  if (intent === 'create') {
    const username = String(form.get('username') ?? '').trim()
    const outcome = await accounts.createUser(context.useCaseContext, {
      username,
      fullName: String(form.get('full_name') ?? ''),
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      groups: groupsOf(form),
      company: companyOf(form),
    })
    return outcome.ok ? data<ActionAnswer>({ ok: `Пользователь ${username} создан.`, errors: [], intent, id: null }) : refused(outcome.refusal)
  }
  if (intent === 'update' && Number.isInteger(id)) {
    const changes = {
      id: id as number,
      version: versionOf(form),
      fullName: String(form.get('full_name') ?? ''),
      email: String(form.get('email') ?? ''),
      groups: groupsOf(form),
      company: companyOf(form),
      isActive: form.get('is_active') === 'on',
    }
    const outcome = await accounts.updateUser(context.useCaseContext, changes)
    return outcome.ok ? data<ActionAnswer>({ ok: `Изменения пользователя ${outcome.value.username} сохранены.`, errors: [], intent, id }) : refused(outcome.refusal)
  }
  if (intent === 'password' && Number.isInteger(id)) {
    const outcome = await accounts.resetPassword(context.useCaseContext, { id: id as number, version: versionOf(form), password: String(form.get('password') ?? '') })
    return outcome.ok ? data<ActionAnswer>({ ok: 'Пароль изменён.', errors: [], intent, id }) : refused(outcome.refusal)
  }
  return data<ActionAnswer>({ ok: null, errors: [{ field: null, message: 'Неизвестное действие.' }], intent, id }, { status: 400 })
}

/** A form's answer: saved (ok), or every refused field with its message (field null: the form as a whole). */
type ActionAnswer = { ok: string | null; errors: FieldError[]; intent: string; id: number | null }
type FieldError = { field: string | null; message: string }

type HistoryItem = { position: number; at: string; label: string; change: { from: string; to: string } | null; person: string; role: string; clientAddress: string | null }

/** A user's changes, newest first: when, who (by name, with the role), what changed. A password is never shown. */
function UserHistory({ items, username }: { items: HistoryItem[]; username: string }) {
  return (
    <details className="user-history">
      <summary>История изменений ({items.length})</summary>
      {items.length === 0 ? (
        <p className="muted">Изменений пока не было.</p>
      ) : (
        <ol aria-label={`История изменений ${username}`}>
          {items.map((h) => (
            <li key={h.position}>
              <time dateTime={h.at}>{new Date(h.at).toLocaleString('ru-RU', { timeZone: 'Asia/Yekaterinburg' })}</time> — {h.label}
              {h.change ? `: ${h.change.from} → ${h.change.to}` : ''}
              <div className="muted">
                {h.person}
                {h.role ? ` (${h.role})` : ''}
                {h.clientAddress ? `, ${h.clientAddress}` : ''}
              </div>
            </li>
          ))}
        </ol>
      )}
    </details>
  )
}

/** The answer of the form it belongs to: what was saved, or every refused field, each its own line. */
function Message({ answer, intent, id }: { answer: ActionAnswer | undefined; intent: string; id: number | null }) {
  const mine = answerOf(answer, intent, id)
  if (!mine) return null
  if (mine.errors.length === 1) return <FormError message={mine.errors[0].message} />
  if (mine.errors.length > 1) {
    return (
      <ul className="form-error error-list" role="alert" aria-label={`Не сохранено: исправьте поля (${mine.errors.length})`}>
        {mine.errors.map((e) => (
          <li key={`${e.field} ${e.message}`}>{e.message}</li>
        ))}
      </ul>
    )
  }
  return <p className="form-ok" role="status">{mine.ok}</p>
}

const answerOf = (answer: ActionAnswer | undefined, intent: string, id: number | null) => (answer && answer.intent === intent && answer.id === id ? answer : null)

/** The attributes marking a field the answer refused. */
function invalidOf(answer: ActionAnswer | undefined, intent: string, id: number | null) {
  const refused = new Set(answerOf(answer, intent, id)?.errors.map((e) => e.field) ?? [])
  return (field: string) => (refused.has(field) ? { 'aria-invalid': true as const } : {})
}

/**
 * A <details> the page opens when `open` turns true (the row's answer came) and then leaves to the person: an answer
 * to another row does not close it. Rendered open from the start when the server drew the answer (no scripts).
 */
function OpenedBy({ open, className, children }: { open: boolean; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const [first] = useState(open)
  useEffect(() => {
    if (open && ref.current) ref.current.open = true
  }, [open])
  return (
    <details ref={ref} className={className} open={first || undefined}>
      {children}
    </details>
  )
}

const GROUP_WORDS = (groups: string[]) => (groups.length ? groups.join(', ') : '—')

export default function Admin() {
  const { users, companies, groups, history, kinds, csrfToken, me } = useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer>()
  const busy = useNavigation().state !== 'idle'
  // The company is picked from the license-holding companies in use; the server checks it is one of them. A retired
  // company is offered only where it is already chosen, marked so.
  const companyInput = (selected: { id: number; name: string } | null, marked: ReturnType<typeof invalidOf>) => (
    <select name="company" defaultValue={selected ? String(selected.id) : ''} {...marked('company')}>
      <option value="">---</option>
      {companies
        .filter((c) => !c.retired || c.id === selected?.id)
        .map((c) => (
          <option key={c.id} value={c.id}>{c.retired ? `${c.name} (${RETIRED})` : c.name}</option>
        ))}
    </select>
  )
  const groupBoxes = (chosen: string[], marked: ReturnType<typeof invalidOf>) => (
    <fieldset className={'aria-invalid' in marked('groups') ? 'invalid' : undefined}>
      <legend>Группы</legend>
      {groups.map((g) => (
        <label key={g} className="check">
          <input type="checkbox" name="groups" value={g} defaultChecked={chosen.includes(g)} /> {g}
        </label>
      ))}
    </fieldset>
  )
  const created = invalidOf(answer, 'create', null)
  return (
    <section className="admin-users">
      <h1>Пользователи</h1>
      <AdminNav kinds={kinds} />
      <div className="table-scroll">
      <table className="admin-table users-table">
        <caption className="visually-hidden">Пользователи</caption>
        <thead>
          <tr>
            <th scope="col">ФИО</th>
            <th scope="col">Логин</th>
            <th scope="col">Группы и предприятие</th>
            <th scope="col">Состояние</th>
            <th scope="col">Действия</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const marked = invalidOf(answer, 'update', user.id)
            // The row's form stays open while its answer shows: a refusal beside the fields it names.
            const answered = answer !== undefined && answer.id === user.id
            return (
            <tr key={user.id} className={user.is_active ? 'user-row' : 'user-row inactive'}>
              <td>{user.full_name || '—'}</td>
              <td>{user.username}</td>
              <td>
                {GROUP_WORDS(user.groups)}
                {user.company ? <div className="muted">{user.company.name}</div> : null}
              </td>
              <td>{user.is_active ? 'Активен' : 'Отключён'}</td>
              <td>
                <OpenedBy open={answered} className="user-edit">
                  <summary>
                    Изменить<span className="visually-hidden"> {user.username}</span>
                  </summary>
                <Form method="post" className="user-form" aria-label={`Пользователь ${user.username}`} noValidate>
                  <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="id" value={user.id} />
                  <input type="hidden" name="version" value={user.version} />
                  <label>
                    ФИО
                    <input name="full_name" defaultValue={user.full_name} autoComplete="off" {...marked('full_name')} />
                  </label>
                  <label>
                    Электронная почта (для писем Департаменту)
                    <input name="email" type="email" defaultValue={user.email ?? ''} autoComplete="off" {...marked('email')} />
                  </label>
                  {groupBoxes(user.groups, marked)}
                  <label>
                    Предприятие
                    {companyInput(user.company, marked)}
                  </label>
                  <label className="check">
                    <input type="checkbox" name="is_active" defaultChecked={user.is_active} disabled={user.id === me} {...marked('is_active')} /> Активен
                  </label>
                  {user.id === me ? <input type="hidden" name="is_active" value="on" /> : null}
                  <Message answer={answer} intent="update" id={user.id} />
                  <button type="submit" className="button" disabled={busy}>Сохранить</button>
                </Form>
                <Form method="post" className="user-form" aria-label={`Пароль ${user.username}`} noValidate>
                  <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
                  <input type="hidden" name="intent" value="password" />
                  <input type="hidden" name="id" value={user.id} />
                  <input type="hidden" name="version" value={user.version} />
                  <label>
                    Новый пароль
                    <input type="password" name="password" autoComplete="new-password" aria-label={`Новый пароль ${user.username}`} {...invalidOf(answer, 'password', user.id)('password')} />
                  </label>
                  <Message answer={answer} intent="password" id={user.id} />
                  <button type="submit" className="button button-secondary" disabled={busy}>Сбросить пароль</button>
                </Form>
                <UserHistory items={history.filter((h) => h.userId === user.id)} username={user.username} />
                </OpenedBy>
              </td>
            </tr>
            )
          })}
        </tbody>
      </table>
      </div>

      <h2>Новый пользователь</h2>
      {/* noValidate: the server checks every field and answers in Russian, naming each wrong one. */}
      <Form method="post" className="admin-form" aria-label="Новый пользователь" noValidate>
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <input type="hidden" name="intent" value="create" />
        <label>
          Логин
          <input name="username" autoComplete="off" {...created('username')} />
        </label>
        <label>
          ФИО
          <input name="full_name" autoComplete="off" {...created('full_name')} />
        </label>
        <label>
          Электронная почта (для писем Департаменту)
          <input name="email" type="email" autoComplete="off" {...created('email')} />
        </label>
        <label>
          Пароль
          <input name="password" type="password" autoComplete="new-password" {...created('password')} />
        </label>
        {groupBoxes([], created)}
        <label>
          Предприятие (для недропользователя)
          {companyInput(null, created)}
        </label>
        <Message answer={answer} intent="create" id={null} />
        <button type="submit" className="button" disabled={busy}>Создать</button>
      </Form>
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Страница доступна только администраторам." />
}
