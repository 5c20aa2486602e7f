// The link of a report section to the report's conversation (decision 3711).
import { Link } from '@remix-run/react'

export function ConversationLink({ reportId, companyId, title }: { reportId: number; companyId: number; title: string }) {
  return (
    <Link className="conversation-link" to={`/companies/${companyId}/reports/${reportId}/messages`}>
      Переписка по отчёту<span className="visually-hidden"> ({title})</span>
    </Link>
  )
}
