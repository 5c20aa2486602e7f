// The report's status label; when a decision was taken it opens the status details: action, comment, files.
import type { ReportStatus } from '../server/reports-page.server.ts'
import type { StatusChangeView as StatusChange } from '../server/reports-page.server.ts'
import { useState } from 'react'
import { ModalDialog } from '../../../components/modal-dialog.tsx'
import { DownloadLink } from './download-link.tsx'
import { formatDateTime, reportStatusWords } from './report-texts.ts'
import { personWithRole } from '@portal/workflow-domain/views.ts'

export function StatusLabel({ status, change, title }: { status: ReportStatus; change: StatusChange | null; title: string }) {
  const [open, setOpen] = useState(false)
  const label = reportStatusWords(status)
  if (!change) return <span className={`report-status status-${status}`}>{label}</span>
  return (
    <>
      <button type="button" className={`report-status status-${status} status-button`} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
        <span className="visually-hidden"> (подробнее о решении, {title})</span>
      </button>
      <ModalDialog open={open} title="Статус отчёта" onClose={() => setOpen(false)}>
        <dl className="status-card">
          <div>
            <dt>Действие</dt>
            <dd>{change.event_display}</dd>
          </div>
          <div>
            <dt>Дата</dt>
            <dd>
              {formatDateTime(change.created)}, {personWithRole(change.creator, 'Департамент')}
            </dd>
          </div>
          <div>
            <dt>Комментарий</dt>
            <dd>{change.comment || '—'}</dd>
          </div>
          <div>
            <dt>Файлы</dt>
            <dd>
              {change.files.length === 0 ? (
                '—'
              ) : (
                <ul className="plain-list">
                  {change.files.map((f) => (
                    <li key={f.id}>
                      <DownloadLink href={f.file} description={f.name} />
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      </ModalDialog>
    </>
  )
}
