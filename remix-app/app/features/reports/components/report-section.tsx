// One report section of an accordion (one report type): its status, the Department's decisions, files, upload, ZIP.
import type { ReportAccordion, ReportSection as Section } from '../server/reports-page.server.ts'
import { DecisionButtons } from './decision-dialog.tsx'
import { FileList } from './file-list.tsx'
import { FileUpload } from './file-upload.tsx'
import { useReportsPage } from './page-context.ts'
import { REPORT_TYPE_TITLE } from './report-texts.ts'
import { StatusLabel } from './status-dialog.tsx'

function zipUrl(section: Section, accordion: ReportAccordion, companyId: number, year: number): string {
  const target: Record<string, string> = accordion.areaId !== null ? { area: String(accordion.areaId) } : { company: String(companyId) }
  return `/api/v1/import-files/zip/?${new URLSearchParams({ year: String(year), report_type: section.reportType, ...target })}`
}

export function ReportSection({ section, accordion }: { section: Section; accordion: ReportAccordion }) {
  const { role, companyId, year } = useReportsPage()
  const { report } = section
  const typeTitle = REPORT_TYPE_TITLE[section.reportType]
  // The section's full name, for buttons that repeat in every section (screen readers list them out of context).
  const title = accordion.title === typeTitle ? typeTitle : `${accordion.title}, ${typeTitle}`
  const files = report?.files ?? []
  const headingId = `section-${accordion.key}-${section.reportType}`
  return (
    <section className="report-section" aria-labelledby={headingId}>
      <div className="report-section-head">
        <h3 id={headingId} tabIndex={-1}>
          {typeTitle}
        </h3>
        {report ? <StatusLabel status={report.status} change={report.status_change} title={title} /> : null}
        {role === 'department' && report ? <DecisionButtons reportId={report.id} status={report.status} title={title} headingId={headingId} /> : null}
      </div>
      <FileList files={files} />
      <div className="report-section-tools">
        {role === 'holder' ? (
          report?.status === 'agreed' ? (
            <p className="hint">Отчёт согласован: загрузка закрыта.</p>
          ) : (
            <FileUpload
              target={{ reportType: section.reportType, reportId: report?.id ?? null, areaId: accordion.areaId, responsibleId: accordion.responsible?.id ?? null, title }}
            />
          )
        ) : null}
        {files.length > 0 ? (
          <a className="zip-link" href={zipUrl(section, accordion, companyId, year)} download>
            Скачать все файлы (ZIP)<span className="visually-hidden"> ({title})</span>
          </a>
        ) : null}
      </div>
    </section>
  )
}
