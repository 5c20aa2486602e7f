// The conversation on a report (decision 3711): the messages, oldest first, each signed and dated, with its files, and
// the form of a new message. The form is a plain multipart form posted to the page: it works without a script.
import type { SerializeFrom } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { personWithRole } from '@portal/workflow-domain/views.ts'
import type { loadReportMessages, MessageActionAnswer } from '../server/report-messages-page.server.ts'
import { FileLinks } from './file-links.tsx'
import { formatDateTime } from './report-texts.ts'

type Page = SerializeFrom<Awaited<ReturnType<typeof loadReportMessages>>>

const SIDE_ROLE = { department: 'Департамент', holder: 'Предприятие' } as const

export function ReportConversation({ page, answer }: { page: Page; answer: MessageActionAnswer | undefined }) {
  return (
    <section className="report-conversation" aria-labelledby="conversation-title">
      <h2 id="conversation-title">Сообщения</h2>
      {page.messages.length === 0 ? <p className="hint">Сообщений пока нет.</p> : null}
      <ol className="conversation-messages">
        {page.messages.map((m) => (
          <li key={m.id} className={`conversation-message from-${m.side}`}>
            <p className="conversation-meta">
              <strong>{personWithRole(m.author, SIDE_ROLE[m.side])}</strong>, {formatDateTime(m.created)} ·{' '}
              <Link to={`/receipts/${m.id}`}>Квитанция № {m.id}</Link>
            </p>
            <p className="conversation-text">{m.text}</p>
            {m.files.length > 0 ? (
              <FileLinks className="conversation-files" files={m.files.map((f) => ({ href: f.file, name: f.name }))} />
            ) : null}
          </li>
        ))}
      </ol>
      {answer ? (
        <p className={answer.ok ? 'form-done' : 'form-error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.ok ? 'Сообщение отправлено.' : answer.message}
        </p>
      ) : null}
      {page.side ? (
        <form method="post" encType="multipart/form-data" className="conversation-form">
          <input type="hidden" name="csrfmiddlewaretoken" value={page.csrfToken} />
          <input type="hidden" name="key" value={page.formKey} />
          <label>
            Сообщение
            <textarea name="text" rows={5} maxLength={5000} required />
          </label>
          <label>
            Файлы (необязательно, до {page.maxUploadMb} Мб каждый)
            <input type="file" name="files" multiple />
          </label>
          <button type="submit" className="button">
            Отправить
          </button>
        </form>
      ) : null}
    </section>
  )
}
