// The change history of the company's reports (Department only): who added, deleted, agreed, declined or cancelled what.
import type { HistoryRow } from '../server/reports-page.server.ts'
import { formatDateTime, HISTORY_EVENT_LABEL, REPORT_TYPE_TITLE } from './report-texts.ts'

export function HistoryAccordion({ rows }: { rows: HistoryRow[] }) {
  return (
    <details className="accordion history">
      <summary>
        <span className="accordion-title">История изменений</span>
        <span className="accordion-count">записей: {rows.length}</span>
      </summary>
      <div className="accordion-body table-scroll">
        {rows.length === 0 ? (
          <p className="empty">Нет данных</p>
        ) : (
          <table className="history-table">
            <caption className="visually-hidden">История изменений отчётности</caption>
            <thead>
              <tr>
                <th scope="col">Дата</th>
                <th scope="col">Событие</th>
                <th scope="col">Отчёт</th>
                <th scope="col">Файлы</th>
                <th scope="col">Автор</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.event}-${row.id}`}>
                  <td>{formatDateTime(row.created)}</td>
                  <td>{HISTORY_EVENT_LABEL[row.event]}</td>
                  <td>
                    {row.year}, {row.areaName ?? 'предприятие'}, {REPORT_TYPE_TITLE[row.reportType]}
                  </td>
                  <td>{row.files.map((f) => f.name).join(', ') || '—'}</td>
                  <td>{row.creator}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </details>
  )
}
