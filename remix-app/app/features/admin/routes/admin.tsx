// The admin page (Administrator only): lists users, creates and disables them, sets groups and company, resets passwords,
// and shows each user's history of changes. Each form carries the version of the account it was drawn from: a change
// another administrator saved meanwhile is refused, not overwritten.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import { refusalInWords } from '../../../utils/refusal-words.ts'
import authStyles from '../../../styles/auth.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { formRefusal, readPageForm } from '../../../utils/form-refusal.ts'
import { REFERENCE_KIND_LIST } from '@portal/workflow-service/registry.ts'
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
  if (invalid) return data<ActionAnswer>({ ok: null, error: invalid.message, intent, id: Number.isInteger(id) ? id : null }, { status: 400 })
  const refused = (refusal: Parameters<typeof refusalInWords>[0]) => {
    const { status, detail } = refusalInWords(refusal)
    return data<ActionAnswer>({ ok: null, error: detail, intent, id }, { status })
  }
  // A company that is not a whole number was not picked from the list.
  if (Number.isNaN(companyOf(form))) return data<ActionAnswer>({ ok: null, error: 'Предприятие: выберите предприятие из списка', intent, id }, { status: 400 })
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
    return outcome.ok ? data<ActionAnswer>({ ok: `Пользователь ${username} создан.`, error: null, intent, id: null }) : refused(outcome.refusal)
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
    return outcome.ok ? data<ActionAnswer>({ ok: `Изменения пользователя ${outcome.value.username} сохранены.`, error: null, intent, id }) : refused(outcome.refusal)
  }
  if (intent === 'password' && Number.isInteger(id)) {
    const outcome = await accounts.resetPassword(context.useCaseContext, { id: id as number, version: versionOf(form), password: String(form.get('password') ?? '') })
    return outcome.ok ? data<ActionAnswer>({ ok: 'Пароль изменён.', error: null, intent, id }) : refused(outcome.refusal)
  }
  return data<ActionAnswer>({ ok: null, error: 'Неизвестное действие.', intent, id }, { status: 400 })
}

type ActionAnswer = { ok: string | null; error: string | null; intent: string; id: number | null }

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

function Message({ answer, intent, id }: { answer: ActionAnswer | undefined; intent: string; id: number | null }) {
  if (!answer || answer.intent !== intent || answer.id !== id) return null
  if (answer.error) return <FormError message={answer.error} />
  return <p className="form-ok" role="status">{answer.ok}</p>
}

export default function Admin() {
  const { users, companies, groups, history, kinds, csrfToken, me } = useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer>()
  const busy = useNavigation().state !== 'idle'
  // The company is picked from the license-holding companies in use; the server checks it is one of them. A retired
  // company is offered only where it is already chosen, marked so.
  const companyInput = (selected: { id: number; name: string } | null, label: string) => (
    <select name="company" defaultValue={selected ? String(selected.id) : ''} aria-label={label}>
      <option value="">---</option>
      {companies
        .filter((c) => !c.retired || c.id === selected?.id)
        .map((c) => (
          <option key={c.id} value={c.id}>{c.retired ? `${c.name} (${RETIRED})` : c.name}</option>
        ))}
    </select>
  )
  return (
    <section className="admin-users">
      <h1>Пользователи</h1>
      <AdminNav kinds={kinds} />
      <div className="table-scroll">
      <table className="admin-table">
        <thead>
          <tr>
            <th>Логин, ФИО</th>
            <th>ФИО, почта, группы, предприятие, активен</th>
            <th>Новый пароль</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className={user.is_active ? undefined : 'inactive'}>
              <td>
                {user.username}
                {user.is_active ? '' : ' (отключён)'}
                {user.full_name ? <div className="muted">{user.full_name}</div> : null}
              </td>
              <td>
                <Form method="post" aria-label={`Пользователь ${user.username}`} noValidate>
                  <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="id" value={user.id} />
                  <input type="hidden" name="version" value={user.version} />
                  <label>
                    ФИО
                    <input name="full_name" defaultValue={user.full_name} autoComplete="off" />
                  </label>
                  <label>
                    Электронная почта (для писем Департаменту)
                    <input name="email" type="email" defaultValue={user.email ?? ''} autoComplete="off" />
                  </label>
                  <fieldset>
                    {groups.map((g) => (
                      <label key={g} className="check">
                        <input type="checkbox" name="groups" value={g} defaultChecked={user.groups.includes(g)} /> {g}
                      </label>
                    ))}
                  </fieldset>
                  {companyInput(user.company, `Предприятие ${user.username}`)}
                  <label className="check">
                    <input type="checkbox" name="is_active" defaultChecked={user.is_active} disabled={user.id === me} /> Активен
                  </label>
                  {user.id === me ? <input type="hidden" name="is_active" value="on" /> : null}
                  <button type="submit" className="button" disabled={busy}>Сохранить</button>
                  <Message answer={answer} intent="update" id={user.id} />
                </Form>
                {/* Beside the form, not in the login's cell: that cell is named by the login alone. */}
                <UserHistory items={history.filter((h) => h.userId === user.id)} username={user.username} />
              </td>
              <td>
                <Form method="post" aria-label={`Пароль ${user.username}`} noValidate>
                  <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
                  <input type="hidden" name="intent" value="password" />
                  <input type="hidden" name="id" value={user.id} />
                  <input type="hidden" name="version" value={user.version} />
                  <input type="password" name="password" autoComplete="new-password" aria-label={`Новый пароль ${user.username}`} />
                  <button type="submit" className="button" disabled={busy}>Сбросить пароль</button>
                  <Message answer={answer} intent="password" id={user.id} />
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>

      <h2>Новый пользователь</h2>
      {/* noValidate: the server checks every field and answers in Russian, naming it. */}
      <Form method="post" className="admin-form" aria-label="Новый пользователь" noValidate>
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <input type="hidden" name="intent" value="create" />
        <label>
          Логин
          <input name="username" autoComplete="off" />
        </label>
        <label>
          ФИО
          <input name="full_name" autoComplete="off" />
        </label>
        <label>
          Электронная почта (для писем Департаменту)
          <input name="email" type="email" autoComplete="off" />
        </label>
        <label>
          Пароль
          <input name="password" type="password" autoComplete="new-password" />
        </label>
        <fieldset>
          {groups.map((g) => (
            <label key={g} className="check">
              <input type="checkbox" name="groups" value={g} /> {g}
            </label>
          ))}
        </fieldset>
        <label>
          Предприятие (для недропользователя)
          {companyInput(null, 'Предприятие нового пользователя')}
        </label>
        <button type="submit" className="button" disabled={busy}>Создать</button>
        <Message answer={answer} intent="create" id={null} />
      </Form>
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Страница доступна только администраторам." />
}
