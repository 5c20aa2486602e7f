// The change history of the company's reports for the chosen year (Department only), oldest first as the API's history: who added,
// deleted, agreed, declined, cancelled or resubmitted what, when and from where, with the comment and the files.
import { Link } from '@remix-run/react'
import type { HistoryRow } from '../server/reports-page.server.ts'
import { CommentFilesAuthorCells, CommentFilesAuthorHeaders, EventCell } from './history-cells.tsx'
import { formatDateTime, REPORT_TYPE_TITLE } from './report-texts.ts'

export function HistoryAccordion({ rows, year, companyId }: { rows: HistoryRow[]; year: number; companyId: number }) {
  return (
    <details className="accordion history">
      <summary>
        <span className="accordion-title">История изменений, {year} год</span>
        <span className="accordion-count">записей: {rows.length}</span>
      </summary>
      <div className="accordion-body table-scroll">
        <p className="hint">
          Записи по времени: новые внизу.{' '}
          <Link to={`/department-reports/audit?${new URLSearchParams({ company: String(companyId), year: String(year) })}`}>Журнал с фильтрами и выгрузкой</Link>
        </p>
        {rows.length === 0 ? (
          <p className="empty">Нет данных</p>
        ) : (
          <table className="history-table">
            <caption className="visually-hidden">История изменений отчётности за {year} год</caption>
            <thead>
              <tr>
                <th scope="col">Дата</th>
                <th scope="col">Событие</th>
                <th scope="col">Отчёт</th>
                <CommentFilesAuthorHeaders />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.number}>
                  <td>
                    {row.hasReceipt ? (
                      <Link to={`/receipts/${row.number}`} title="Квитанция">
                        {formatDateTime(row.created)}
                      </Link>
                    ) : (
                      formatDateTime(row.created)
                    )}
                  </td>
                  <EventCell row={row} />
                  <td>
                    {row.year}, {row.areaName ?? 'предприятие'}, {REPORT_TYPE_TITLE[row.reportType]}
                  </td>
                  <CommentFilesAuthorCells row={row} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </details>
  )
}
