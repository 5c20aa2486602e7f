// An accordion of the reports page (a licence area, 'Парниковые газы' or 'Результаты наблюдений') with its sections.
import type { ReportAccordion as Accordion } from '../server/reports-page.server.ts'
import { useReportsPage } from './page-context.ts'
import { ReportSection } from './report-section.tsx'
import { CopyLastYearResponsible, ResponsibleButton } from './responsible-dialog.tsx'

export function ReportAccordion({ accordion, openSection = null }: { accordion: Accordion; openSection?: string | null }) {
  const { role } = useReportsPage()
  const files = accordion.sections.reduce((n, s) => n + (s.report?.files.length ?? 0), 0)
  // The section a link of the status board or the review queue names is opened (and the address's #hash scrolls to it).
  const named = openSection !== null && accordion.sections.some((s) => `${accordion.key}-${s.reportType}` === openSection)
  return (
    // <details> opens and closes without JavaScript and with the keyboard; the holder's are open from the start,
    // so their files are in view without opening anything.
    <details className="accordion" open={role === 'holder' || named ? true : undefined}>
      <summary>
        <span className="accordion-title">{accordion.title}</span>
        <span className="accordion-count">файлов: {files}</span>
      </summary>
      <div className="accordion-body">
        <div className="accordion-tools">
          <ResponsibleButton responsible={accordion.responsible} areaId={accordion.areaId} title={accordion.title} />
          {!accordion.responsible && accordion.lastYearResponsible ? (
            <CopyLastYearResponsible last={accordion.lastYearResponsible} areaId={accordion.areaId} title={accordion.title} />
          ) : null}
        </div>
        {accordion.sections.map((section) => (
          <ReportSection key={section.reportType} section={section} accordion={accordion} targeted={openSection === `${accordion.key}-${section.reportType}`} />
        ))}
      </div>
    </details>
  )
}
