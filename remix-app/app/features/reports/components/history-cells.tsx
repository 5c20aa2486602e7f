// The cells that a company's history and the Department's audit show alike for one event: what happened (with the
// round of a resubmission), the comment, the files as downloads, who (by name, with the role) and from where.
import type { AuditEvent } from '@portal/workflow-domain/views.ts'
import { AUDIT_EVENT_LABEL, personWithRole } from '@portal/workflow-domain/views.ts'

export interface HistoryEventRow {
  event: AuditEvent
  round: number | null
  comment: string | null
  files: Array<{ name: string; url: string }>
  person: string
  role: string
  clientAddress: string | null
}

export function EventCell({ row }: { row: HistoryEventRow }) {
  return (
    <td>
      {AUDIT_EVENT_LABEL[row.event]}
      {row.round !== null ? `, раунд ${row.round}` : ''}
    </td>
  )
}

/** The headers of the cells below, in their order. */
export function CommentFilesAuthorHeaders() {
  return (
    <>
      <th scope="col">Комментарий</th>
      <th scope="col">Файлы</th>
      <th scope="col">Автор</th>
      <th scope="col">Адрес</th>
    </>
  )
}

export function CommentFilesAuthorCells({ row }: { row: HistoryEventRow }) {
  return (
    <>
      <td className="history-comment">{row.comment || '—'}</td>
      <td>
        {row.files.length === 0
          ? '—'
          : row.files.map((f, i) => (
              <span key={i}>
                {i > 0 ? ', ' : ''}
                <a href={f.url} download>
                  {f.name}
                </a>
              </span>
            ))}
      </td>
      <td>{personWithRole(row.person, row.role)}</td>
      <td>{row.clientAddress ?? '—'}</td>
    </>
  )
}
