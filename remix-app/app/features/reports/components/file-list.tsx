// The files of a report section: download link, status, the problems of a rejected file (unless a later accepted file
// replaced it), deletion for the holder.
import type { FileProblem, ReportStatus } from '../server/reports-page.server.ts'
import { Link } from '@remix-run/react'
import type { SectionFile as ListedFile } from '../server/reports-page.server.ts'
import { DeleteFileButton } from './delete-file-button.tsx'
import { DownloadLink } from './download-link.tsx'
import { useReportsPage } from './page-context.ts'
import { fileStatusWords, formatDateTime } from './report-texts.ts'
import { FILE_STATUSES, REPORT_STATUSES } from '@portal/workflow-domain/views.ts'

export function problemText(p: FileProblem): string {
  const where = [p.row !== undefined ? `строка ${p.row}` : '', p.column ? `«${p.column}»` : ''].filter(Boolean).join(', ')
  const value = p.value ? ` (значение «${p.value}»)` : ''
  return where ? `${where}: ${p.reason}${value}` : `${p.reason}${value}`
}

/** reportStatus: nothing of an agreed report is offered for deletion (the server refuses it too). */
export function FileList({ files, reportStatus = null }: { files: ListedFile[]; reportStatus?: ReportStatus | null }) {
  const { role } = useReportsPage()
  const shown = files.filter((f) => f.status !== 'deleted')
  if (shown.length === 0) return <p className="empty">Файлы не загружены</p>
  return (
    <ul className="file-list">
      {shown.map((file) => (
        <li key={file.id} className={`file file-${file.status}`}>
          <div className="file-row">
            <DownloadLink href={file.file} description={file.description}>
              {file.description}
            </DownloadLink>
            <span className="file-date">{formatDateTime(file.created)}</span>
            {/* A failed file a later accepted one replaced: its old result leaves the screen (issue 36, item 8). */}
            <span className={`file-status status-${file.replacedBy ? 'replaced' : file.status}`} role="status">
              {file.replacedBy ? `Заменён файлом «${file.replacedBy}»` : fileStatusWords(file.status)}
            </span>
            {/* The reviewer sees a repeated file, or repeated readings, as such (decision 2120). */}
            {file.duplicate ? <span className="file-duplicate">{file.duplicate}</span> : null}
            {/* A file being checked cannot be deleted (the server refuses it too). */}
            <Link className="receipt-link" to={`/receipts/file-${file.id}`}>
              Квитанция<span className="visually-hidden"> ({file.description})</span>
            </Link>
            {role === 'holder' ? (
              <DeleteFileButton fileId={file.id} description={file.description} offered={(reportStatus === null || REPORT_STATUSES[reportStatus].uploadsOpen) && FILE_STATUSES[file.status].deletable} />
            ) : null}
          </div>
          {file.problems.length > 0 && !file.replacedBy ? <Findings file={file} /> : null}
        </li>
      ))}
    </ul>
  )
}

/** The findings of a file's check in two levels (decision 1420): errors first, then warnings, each downloadable. */
function Findings({ file }: { file: ListedFile }) {
  const errors = file.problems.filter((p) => p.level !== 'warning')
  const warnings = file.problems.filter((p) => p.level === 'warning')
  const report = (format: 'xlsx' | 'csv') => `/api/v1/import-files/${file.id}/problems/?format=${format}`
  return (
    <div className="file-findings">
      {errors.length > 0 ? (
        <ul className="file-problems" aria-label={`Ошибки файла ${file.description}`}>
          {errors.map((p, i) => (
            <li key={i}>{problemText(p)}</li>
          ))}
        </ul>
      ) : null}
      {warnings.length > 0 ? (
        <ul className="file-warnings" aria-label={`Предупреждения файла ${file.description}`}>
          {warnings.map((p, i) => (
            <li key={i}>Предупреждение: {problemText(p)}</li>
          ))}
        </ul>
      ) : null}
      <p className="findings-report">
        Отчёт об ошибках: <a href={report('xlsx')} download>XLSX<span className="visually-hidden"> ({file.description})</span></a>
        {', '}
        <a href={report('csv')} download>CSV<span className="visually-hidden"> ({file.description})</span></a>
      </p>
    </div>
  )
}
