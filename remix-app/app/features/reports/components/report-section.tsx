// One report section of an accordion (one report type): its status, the Department's decisions, files, upload, ZIP.
import type { ReportAccordion, ReportSection as Section } from '../server/reports-page.server.ts'
import { DecisionButtons } from './decision-dialog.tsx'
import { FileList } from './file-list.tsx'
import { FileUpload } from './file-upload.tsx'
import { PrecheckForm } from './precheck-form.tsx'
import { ReportChangesLink } from './report-changes-link.tsx'
import { useReportsPage } from './page-context.ts'
import { REPORT_TYPE_TITLE } from './report-texts.ts'
import { StatusLabel } from './status-dialog.tsx'
import { ConversationLink } from './conversation-link.tsx'
import { FileLinks } from './file-links.tsx'
import { Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { SectionFile } from '../server/reports-page.server.ts'
import { formatDateTime } from './report-texts.ts'
import { personWithRole, REPORT_STATUSES } from '@portal/workflow-domain/views.ts'

/** Why the Department cannot agree yet (the server refuses the same): a file being checked, none passed, none at all. */
export function agreeBlocked(files: readonly SectionFile[]): string | null {
  const live = files.filter((f) => f.status !== 'deleted' && f.status !== 'deletion')
  if (live.length === 0) return 'Нет ни одного файла'
  if (live.some((f) => f.status === 'processing')) return 'Файлы ещё проверяются'
  if (!live.some((f) => f.status === 'success')) return 'Ни один файл не прошёл проверку'
  return null
}

function zipUrl(section: Section, accordion: ReportAccordion, companyId: number, year: number): string {
  const target: Record<string, string> = accordion.areaId !== null ? { area: String(accordion.areaId) } : { company: String(companyId) }
  return `/api/v1/import-files/zip/?${new URLSearchParams({ year: String(year), report_type: section.reportType, ...target })}`
}

export function ReportSection({ section, accordion, targeted = false }: { section: Section; accordion: ReportAccordion; targeted?: boolean }) {
  const { role, companyId, year } = useReportsPage()
  const { report } = section
  const uploadsClosed = report !== null && !REPORT_STATUSES[report.status].uploadsOpen
  const typeTitle = REPORT_TYPE_TITLE[section.reportType]
  // The section's full name, for buttons that repeat in every section (screen readers list them out of context).
  const title = accordion.title === typeTitle ? typeTitle : `${accordion.title}, ${typeTitle}`
  const files = report?.files ?? []
  const nothingSent = !files.some((f) => f.status !== 'deleted' && f.status !== 'deletion')
  const headingId = `section-${accordion.key}-${section.reportType}`
  const uploadTarget = { reportType: section.reportType, reportId: report?.id ?? null, areaId: accordion.areaId, responsibleId: accordion.responsible?.id ?? null, title, accept: section.accept, acceptedTypes: section.acceptedTypes }
  const heading = useRef<HTMLHeadingElement>(null)
  // The section a link named (the status board, the review queue) takes the focus and the top of the window, once the
  // page is drawn: a screen reader starts there, and the page's later growth (statuses, polling) does not push it away.
  useEffect(() => {
    if (!targeted || !heading.current) return
    heading.current.focus({ preventScroll: true })
    heading.current.scrollIntoView({ block: 'start' })
  }, [targeted])
  return (
    <section className={targeted ? 'report-section targeted' : 'report-section'} aria-labelledby={headingId}>
      <div className="report-section-head">
        <h3 id={headingId} tabIndex={-1} ref={heading}>
          {typeTitle}
        </h3>
        {report ? <StatusLabel status={report.status} change={report.status_change} title={title} /> : null}
        {report && report.status === 'consideration' && report.round > 1 ? (
          <span className="resubmitted-mark">Повторно, раунд {report.round}</span>
        ) : null}
        <span className={`section-due${section.due.overdue ? ' overdue' : section.due.days === 0 ? ' due-today' : ''}`}>
          Срок сдачи {section.due.text}
          {section.due.words ? `, ${section.due.words}` : ''}
        </span>
        {/* A report the responsible person created but nobody sent a file to keeps its status and says so plainly. */}
        {nothingSent ? <span className="nothing-sent">Файлы не загружены</span> : null}
        {/* Nothing sent is nothing to decide on: neither agreeing nor declining is offered (the server refuses both). */}
        {role === 'department' && report && !(nothingSent && report.status === 'consideration') ? (
          <DecisionButtons reportId={report.id} status={report.status} title={title} headingId={headingId} agreeBlocked={agreeBlocked(files)} />
        ) : null}
      </div>
      {report?.decline ? (
        <aside className="decline-note" aria-label={`Замечания Департамента (${title})`}>
          <p>
            <strong>Отклонено {formatDateTime(report.decline.created)}</strong>, {personWithRole(report.decline.creator, 'Департамент')}
            {report.status === 'consideration' ? ' — исправленный файл загружен, отчёт снова на рассмотрении' : ''}
          </p>
          <p className="decline-comment">{report.decline.comment}</p>
          {report.decline.files.length > 0 ? (
            <FileLinks className="decline-files" files={report.decline.files.map((f) => ({ href: f.file, name: f.name }))} />
          ) : null}
          <p>
            <Link to={`/receipts/${report.decline.number}`}>Квитанция о решении</Link>
          </p>
        </aside>
      ) : null}
      {report?.publication ? (
        <p className={report.publication.failed ? 'publication-line failed' : 'publication-line'} role={report.publication.failed ? 'alert' : undefined}>
          {report.publication.line}
        </p>
      ) : null}
      <FileList files={files} reportStatus={report?.status ?? null} />
      <ReportChangesLink reportId={report?.id ?? null} reportType={section.reportType} hasFiles={!nothingSent} title={title} />
      {role === 'holder' && section.templates.length > 0 ? (
        <details className="report-templates">
          <summary>
            Шаблоны файлов<span className="visually-hidden"> ({title})</span>
          </summary>
          <FileLinks files={section.templates} />
          {section.templatesNote ? <p className="hint">{section.templatesNote}</p> : null}
        </details>
      ) : null}
      <div className="report-section-tools">
        {role === 'holder' ? (
          <>
            {uploadsClosed ? <p className="hint">Отчёт согласован: загрузка закрыта.</p> : null}
            {/* In the same place either way: a refusal the refresh brings (the report agreed meanwhile) stays shown. */}
            <FileUpload target={uploadTarget} closed={uploadsClosed} />
            {uploadsClosed ? null : <PrecheckForm target={uploadTarget} />}
          </>
        ) : null}
        {report ? <ConversationLink reportId={report.id} companyId={companyId} title={title} /> : null}
        {files.length > 0 ? (
          <a className="zip-link" href={zipUrl(section, accordion, companyId, year)} download>
            Скачать все файлы (ZIP)<span className="visually-hidden"> ({title})</span>
          </a>
        ) : null}
      </div>
    </section>
  )
}
