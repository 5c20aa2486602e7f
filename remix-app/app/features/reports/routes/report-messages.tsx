// The page of a report's conversation (decision 3711): the Department and the company's users write to each other about
// one report, with files. Nobody else sees it: the public and other companies' users get the 404 page.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, SerializeFrom } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { idParam } from '../../catalogue/server/not-found.ts'
import { ReportConversation } from '../components/report-conversation.tsx'
import { loadReportMessages, type MessageActionAnswer, reportMessagesAction } from '../server/report-messages-page.server.ts'
import reportsStyles from '../../../styles/reports.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadReportMessages(request, context, idParam(params.id), idParam(params.report))
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return reportMessagesAction(request, context, idParam(params.id), idParam(params.report))
}

export const handle: TitleHandle<SerializeFrom<typeof loader>> = { title: (data) => `Переписка — ${data.subject}` }

export default function ReportMessages() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<MessageActionAnswer>()
  return (
    <section className="reports-page">
      <Breadcrumbs crumbs={page.crumbs} />
      <h1>Переписка по отчёту</h1>
      <p>
        {page.subject}. <Link to={page.reportsPage}>К отчётности</Link>
      </p>
      <ReportConversation page={page} answer={answer} />
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Переписка по отчёту доступна пользователям предприятия и Департаменту." />
}
