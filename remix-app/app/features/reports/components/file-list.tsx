// The files of a report section: download link, status, the problems of a rejected file, deletion for the holder.
import type { FileProblem } from '@portal/migrations/database.ts'
import type { SectionFile as ListedFile } from '../server/reports-page.server.ts'
import { DeleteFileButton } from './delete-file-button.tsx'
import { DownloadLink } from './download-link.tsx'
import { useReportsPage } from './page-context.ts'
import { FILE_STATUS_LABEL, formatDateTime } from './report-texts.ts'

function problemText(p: FileProblem): string {
  const where = [p.row !== undefined ? `строка ${p.row}` : '', p.column ? `«${p.column}»` : ''].filter(Boolean).join(', ')
  const value = p.value ? ` (значение «${p.value}»)` : ''
  return where ? `${where}: ${p.reason}${value}` : `${p.reason}${value}`
}

export function FileList({ files }: { files: ListedFile[] }) {
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
            <span className={`file-status status-${file.status}`} role="status">
              {FILE_STATUS_LABEL[file.status as keyof typeof FILE_STATUS_LABEL]}
            </span>
            {/* A file being checked cannot be deleted (the server refuses it too). */}
            {role === 'holder' && (file.status === 'success' || file.status === 'error') ? (
              <DeleteFileButton fileId={file.id} description={file.description} />
            ) : null}
          </div>
          {file.status === 'error' && file.problems.length > 0 ? (
            <ul className="file-problems" aria-label={`Ошибки файла ${file.description}`}>
              {file.problems.map((p, i) => (
                <li key={i}>{problemText(p)}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
