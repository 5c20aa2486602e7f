// The admin page (Administrator only): lists users, creates and disables them, sets groups and company, resets passwords.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { pageValue, refusalAnswer } from '../../../utils/use-case-answers.server.ts'
import authStyles from '../../../styles/auth.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { formRefusal, readPageForm } from '../../../utils/form-refusal.ts'
import { REFERENCE_KIND_LIST } from '@portal/workflow-service/admin/reference/reference-kinds.ts'
import { AdminNav } from '../components/admin-nav.tsx'
import { FormError } from '../../../components/form-error.tsx'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }]
export const handle: TitleHandle = { title: 'Пользователи — Администрирование' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePermission(request, context.user, 'admin:users')
  const { users, companies, groups } = pageValue(request, context.user, await context.accounts.users(context.useCaseContext, {}))
  const kinds = REFERENCE_KIND_LIST.map((k) => ({ kind: k.kind, title: k.title }))
  return { users, companies, groups, kinds, csrfToken: context.csrfToken, me: context.user!.id }
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

export async function action({ request, context }: ActionFunctionArgs) {
  requirePermission(request, context.user, 'admin:users')
  const form = await readPageForm(request)
  const intent = String(form.get('intent') ?? '')
  const id = intent === 'create' ? null : Number(form.get('id'))
  const invalid = formRefusal(form)
  if (invalid) return data<ActionAnswer>({ ok: null, error: invalid.message, intent, id: Number.isInteger(id) ? id : null }, { status: 400 })
  const refused = (refusal: Parameters<typeof refusalAnswer>[0]) => {
    const { status, detail } = refusalAnswer(refusal)
    return data<ActionAnswer>({ ok: null, error: detail, intent, id }, { status })
  }
  // A company that is not a whole number was not picked from the list.
  if (Number.isNaN(companyOf(form))) return data<ActionAnswer>({ ok: null, error: 'company: выберите предприятие из списка', intent, id }, { status: 400 })
  const accounts = context.accounts
  if (intent === 'create') {
    const username = String(form.get('username') ?? '').trim()
    const outcome = await accounts.createUser(context.useCaseContext, { username, password: String(form.get('password') ?? ''), groups: groupsOf(form), company: companyOf(form) })
    return outcome.ok ? data<ActionAnswer>({ ok: `Пользователь ${username} создан.`, error: null, intent, id: null }) : refused(outcome.refusal)
  }
  if (intent === 'update' && Number.isInteger(id)) {
    const changes = { id: id as number, groups: groupsOf(form), company: companyOf(form), isActive: form.get('is_active') === 'on' }
    const outcome = await accounts.updateUser(context.useCaseContext, changes)
    return outcome.ok ? data<ActionAnswer>({ ok: `Изменения пользователя ${outcome.value.username} сохранены.`, error: null, intent, id }) : refused(outcome.refusal)
  }
  if (intent === 'password' && Number.isInteger(id)) {
    const outcome = await accounts.resetPassword(context.useCaseContext, { id: id as number, password: String(form.get('password') ?? '') })
    return outcome.ok ? data<ActionAnswer>({ ok: 'Пароль изменён.', error: null, intent, id }) : refused(outcome.refusal)
  }
  return data<ActionAnswer>({ ok: null, error: 'Неизвестное действие.', intent, id }, { status: 400 })
}

type ActionAnswer = { ok: string | null; error: string | null; intent: string; id: number | null }

function Message({ answer, intent, id }: { answer: ActionAnswer | undefined; intent: string; id: number | null }) {
  if (!answer || answer.intent !== intent || answer.id !== id) return null
  if (answer.error) return <FormError message={answer.error} />
  return <p className="form-ok" role="status">{answer.ok}</p>
}

export default function Admin() {
  const { users, companies, groups, kinds, csrfToken, me } = useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer>()
  const busy = useNavigation().state !== 'idle'
  // The company is picked from the list of license-holding companies; the server checks it is one of them.
  const companyInput = (selected: { id: number; name: string } | null, label: string) => (
    <select name="company" defaultValue={selected ? String(selected.id) : ''} aria-label={label}>
      <option value="">---</option>
      {companies.map((c) => (
        <option key={c.id} value={c.id}>{c.name}</option>
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
            <th>Логин</th>
            <th>Группы, предприятие, активен</th>
            <th>Новый пароль</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className={user.is_active ? undefined : 'inactive'}>
              <td>{user.username}{user.is_active ? '' : ' (отключён)'}</td>
              <td>
                <Form method="post" aria-label={`Пользователь ${user.username}`} noValidate>
                  <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="id" value={user.id} />
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
              </td>
              <td>
                <Form method="post" aria-label={`Пароль ${user.username}`} noValidate>
                  <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
                  <input type="hidden" name="intent" value="password" />
                  <input type="hidden" name="id" value={user.id} />
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
