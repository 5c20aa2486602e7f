// The way from a report section to «Что изменилось» (decision 3714): shown for an observation-results report that has
// a file, to the Department and the company's users alike.
import { Link } from '@remix-run/react'

export function ReportChangesLink({ reportId, reportType, hasFiles, title }: { reportId: number | null; reportType: string; hasFiles: boolean; title: string }) {
  if (reportId === null || reportType !== 'observation_results' || !hasFiles) return null
  return (
    <p className="report-changes-link">
      <Link to={`/reports/${reportId}/changes`}>
        Что изменилось с прошлого раунда и прошлого года<span className="visually-hidden"> ({title})</span>
      </Link>
    </p>
  )
}
