// A printable receipt of one submission (a file received) or one decision: what, when, who, from where, and each
// file's name, size and SHA-256, as the event log records them (issue 14 item 4), as they stood at its event; what
// happened since is one marked line below them. Print stylesheet in receipts.css.
import type { LinksFunction, LoaderFunctionArgs, SerializeFrom } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReceiptKind } from '@portal/workflow-domain/use-cases.server.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { ReceiptFacts } from '../components/receipt-facts.tsx'
import receiptStyles from '../../../styles/receipts.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: receiptStyles }]

const TITLE: Record<ReceiptKind, string> = {
  submission: 'Квитанция о приёме файла',
  agreed: 'Квитанция о решении: отчёт согласован',
  rejected: 'Квитанция о решении: отчёт отклонён',
  cancelled: 'Квитанция об отмене решения',
  message: 'Квитанция о сообщении по отчёту',
}

/** `/receipts/{number}` (an event of the log) or `/receipts/file-{id}` (the upload of a file). */
function inputOf(key: string | undefined): { position: number } | { file: number } | null {
  const match = /^(file-)?([1-9]\d{0,15})$/.exec(key ?? '')
  if (!match) return null
  const n = Number(match[2])
  return match[1] ? { file: n } : { position: n }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const input = inputOf(params.key)
  if (!input) throw new Response(null, { status: 404, statusText: 'Not Found' })
  // The public goes to log in; what the user may not read is answered as missing, as for files.
  const receipt = pageValue(request, context.user, await context.workflow.receipt(context.useCaseContext, input))
  const { report } = receipt
  return {
    title: `${TITLE[receipt.kind]} № ${receipt.number}`,
    crumbs: [
      { title: 'Главная', to: '/' },
      { title: report.companyName, to: `/companies/${report.companyId}` },
      { title: 'Отчетность', to: `/companies/${report.companyId}/reports?year=${report.year}` },
      { title: `Квитанция № ${receipt.number}`, to: `/receipts/${receipt.number}` },
    ],
    receipt: { ...receipt, created: receipt.created.toISOString() },
  }
}

export const handle: TitleHandle<SerializeFrom<typeof loader>> = { title: (data) => data.title }

export default function ReceiptPage() {
  const { title, crumbs, receipt } = useLoaderData<typeof loader>()
  const { report } = receipt
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <Breadcrumbs crumbs={crumbs} />
      <h1 id="receipt-title">{title}</h1>
      <ReceiptFacts receipt={receipt} />
      {receipt.since ? <p className="receipt-since">{receipt.since.line}</p> : null}
      <p className="receipt-chain">
        Запись журнала № {receipt.number}, отпечаток записи: <code className="hash">{receipt.hash}</code>
      </p>
      <p className="receipt-tools no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          Печать
        </button>{' '}
        <Link to={`/companies/${report.companyId}/reports?year=${report.year}`}>← К отчётности</Link>
      </p>
    </article>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Квитанции доступны пользователям предприятия и Департаменту." />
}
