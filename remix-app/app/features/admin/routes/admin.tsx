// The admin page (Administrator only): lists users, creates and disables them, sets groups and company, resets passwords.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { GROUPS, createUser, listUsers, resetPassword, updateUser } from '@portal/workflow-service/auth/users.server.ts'
import type { Group } from '@portal/workflow-service/auth/permissions.ts'
import { badRequest, HttpError } from '@portal/workflow-service/plugins/errors.server.ts'
import { requirePermission } from '../../../utils/permissions.server.ts'
import authStyles from '../../../styles/auth.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }]
export const handle: TitleHandle = { title: 'Администрирование' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePermission(request, context.user, 'admin:users')
  const [users, companies] = await Promise.all([
    listUsers(context.db),
    // Only license-holding companies can be a user's company.
    context.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('license_holder', '=', true)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ])
  return { users, companies, groups: GROUPS, csrfToken: context.csrfToken, me: context.user!.id }
}

/** The company field reads "id — name" (picked from the list); only the leading id counts. */
function companyOf(form: FormData): number | null {
  const raw = String(form.get('company') ?? '').trim()
  if (raw === '') return null
  const id = /^(\d{1,9})(\s|$)/.exec(raw)?.[1]
  if (!id) throw badRequest('company: выберите предприятие из списка', 'company')
  return Number(id)
}

const companyLabel = (company: { id: number; name: string }) => `${company.id} — ${company.name}`

function groupsOf(form: FormData): Group[] {
  return form.getAll('groups').map(String) as Group[]
}

export async function action({ request, context }: ActionFunctionArgs) {
  requirePermission(request, context.user, 'admin:users')
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = intent === 'create' ? null : Number(form.get('id'))
  try {
    if (intent === 'create') {
      const username = String(form.get('username') ?? '').trim()
      await createUser(context.db, { username, password: String(form.get('password') ?? ''), groups: groupsOf(form), companyId: companyOf(form) })
      return data<ActionAnswer>({ ok: `Пользователь ${username} создан.`, error: null, intent, id: null })
    }
    if (intent === 'update' && Number.isInteger(id)) {
      const userId = id as number
      const changes = { groups: groupsOf(form), companyId: companyOf(form), isActive: form.get('is_active') === 'on' }
      const user = await updateUser(context.db, userId, changes, context.user!.id)
      return data<ActionAnswer>({ ok: `Изменения пользователя ${user.username} сохранены.`, error: null, intent, id })
    }
    if (intent === 'password' && Number.isInteger(id)) {
      await resetPassword(context.db, id as number, String(form.get('password') ?? ''))
      return data<ActionAnswer>({ ok: 'Пароль изменён.', error: null, intent, id })
    }
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return data<ActionAnswer>({ ok: null, error: error.message, intent, id }, { status: error.statusCode })
    throw error
  }
  return data<ActionAnswer>({ ok: null, error: 'Неизвестное действие.', intent, id }, { status: 400 })
}

type ActionAnswer = { ok: string | null; error: string | null; intent: string; id: number | null }

function Message({ answer, intent, id }: { answer: ActionAnswer | undefined; intent: string; id: number | null }) {
  if (!answer || answer.intent !== intent || answer.id !== id) return null
  if (answer.error) return <p className="form-error" role="alert">{answer.error}</p>
  return <p className="form-ok" role="status">{answer.ok}</p>
}

export default function Admin() {
  const { users, companies, groups, csrfToken, me } = useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer>()
  const busy = useNavigation().state !== 'idle'
  // One list for every row: the company inputs suggest from it, however many companies there are.
  const companyInput = (selected: { id: number; name: string } | null) => (
    <input name="company" list="holder-companies" defaultValue={selected ? companyLabel(selected) : ''} aria-label="Предприятие" placeholder="---" />
  )
  return (
    <section>
      <h1>Пользователи</h1>
      <datalist id="holder-companies">
        {companies.map((c) => (
          <option key={c.id} value={companyLabel(c)} />
        ))}
      </datalist>
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
                <Form method="post" aria-label={`Пользователь ${user.username}`}>
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
                  {companyInput(user.company)}
                  <label className="check">
                    <input type="checkbox" name="is_active" defaultChecked={user.is_active} disabled={user.id === me} /> Активен
                  </label>
                  {user.id === me ? <input type="hidden" name="is_active" value="on" /> : null}
                  <button type="submit" className="button" disabled={busy}>Сохранить</button>
                  <Message answer={answer} intent="update" id={user.id} />
                </Form>
              </td>
              <td>
                <Form method="post" aria-label={`Пароль ${user.username}`}>
                  <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
                  <input type="hidden" name="intent" value="password" />
                  <input type="hidden" name="id" value={user.id} />
                  <input type="password" name="password" autoComplete="new-password" maxLength={100} aria-label={`Новый пароль ${user.username}`} />
                  <button type="submit" className="button" disabled={busy}>Сбросить пароль</button>
                  <Message answer={answer} intent="password" id={user.id} />
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Новый пользователь</h2>
      <Form method="post" className="admin-form" aria-label="Новый пользователь">
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <input type="hidden" name="intent" value="create" />
        <label>
          Логин
          <input name="username" required maxLength={100} autoComplete="off" />
        </label>
        <label>
          Пароль
          <input name="password" type="password" required minLength={8} maxLength={100} autoComplete="new-password" />
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
          {companyInput(null)}
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
