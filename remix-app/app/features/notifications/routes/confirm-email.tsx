// /confirm-email/:token: the page a confirmation letter links to (decision 2224). Opening it confirms nothing (mail
// scanners open links too); its button posts the form, with the public CSRF token, and the address is confirmed.
// The page names no address: whoever holds the link learns nothing from it they did not have.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import type { ConfirmationState } from '@portal/workflow-domain/use-cases.server.ts'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'

export const handle: TitleHandle = { title: 'Подтверждение адреса электронной почты' }

const INVALID = 'Ссылка недействительна или устарела. Если письмо было не одно, откройте ссылку из последнего.'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = pageValue(request, context.user, await context.notifications.emailConfirmation(context.useCaseContext, { token: params.token ?? '' }))
  return data({ state, csrfToken: context.csrfToken }, { status: state === 'invalid' ? 404 : 200 })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = pageValue(request, context.user, await context.notifications.confirmEmail(context.useCaseContext, { token: params.token ?? '' }))
  return data({ state }, { status: state === 'invalid' ? 404 : 200 })
}

export default function ConfirmEmail() {
  const { state, csrfToken } = useLoaderData() as { state: ConfirmationState; csrfToken: string }
  const done = useActionData() as { state: ConfirmationState } | undefined
  const shown = done?.state ?? state
  return (
    <article className="confirm-email">
      <h1>Подтверждение адреса электронной почты</h1>
      {shown === 'confirmed' ? (
        <p role="status">Адрес подтверждён. Портал будет присылать на него письма о проверке отчётов и решениях Департамента.</p>
      ) : shown === 'invalid' ? (
        <p role="alert">{INVALID}</p>
      ) : (
        <>
          <p>Этот адрес указан на портале как адрес ответственного лица предприятия. Подтвердите, что письма портала можно присылать на него.</p>
          <Form method="post">
            <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
            <button type="submit" className="button">
              Подтвердить адрес
            </button>
          </Form>
        </>
      )}
    </article>
  )
}
