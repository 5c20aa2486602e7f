// The receipt's own fields, as they stood at its event: the facts and the files with their fingerprints. They never
// change once the receipt is issued (what happened since is the page's separate line), so this part renders the same
// bytes for the same event whenever it is read.
import type { SerializeFrom } from '@remix-run/node'
import type { Receipt } from '@portal/workflow-domain/use-cases.server.ts'
import { personWithRole } from '@portal/workflow-domain/views.ts'
import { formatNumber, plural } from '../../../utils/russian-format.ts'
import { formatDateTime, reportStatusWords, REPORT_TYPE_TITLE } from './report-texts.ts'

function formatBytes(size: number): string {
  return `${formatNumber(size)} ${plural(size, ['байт', 'байта', 'байт'])}`
}

export function ReceiptFacts({ receipt }: { receipt: SerializeFrom<Receipt> }) {
  const { report } = receipt
  return (
    <>
      <dl className="receipt-facts">
        <dt>Предприятие</dt>
        <dd>{report.companyName}</dd>
        <dt>Участок</dt>
        <dd>{report.areaName ?? '— (отчёт предприятия)'}</dd>
        <dt>Отчёт</dt>
        <dd>
          {REPORT_TYPE_TITLE[report.reportType]}, {report.year} год
        </dd>
        <dt>Время</dt>
        <dd>
          <time dateTime={receipt.created}>{formatDateTime(receipt.created)}</time> (Екатеринбург, UTC+5)
        </dd>
        <dt>{receipt.kind === 'submission' ? 'Отправил' : receipt.kind === 'message' ? 'Написал' : 'Решение принял'}</dt>
        <dd>{personWithRole(receipt.person, receipt.role)}</dd>
        {receipt.kind === 'submission' ? (
          <>
            <dt>Адрес отправителя</dt>
            <dd>{receipt.clientAddress ?? 'не записан'}</dd>
            <dt>Ответственное лицо</dt>
            <dd>{receipt.responsible ?? 'не назначено'}</dd>
            <dt>Проверка файла</dt>
            <dd>{receipt.check?.title ?? '—'}</dd>
          </>
        ) : null}
        <dt>Статус отчёта</dt>
        <dd>{reportStatusWords(receipt.reportStatus)}</dd>
        {receipt.comment !== null ? (
          <>
            <dt>{receipt.kind === 'message' ? 'Сообщение' : 'Комментарий'}</dt>
            <dd className="receipt-comment">{receipt.comment || '—'}</dd>
          </>
        ) : null}
        {receipt.resubmittedRound !== null ? (
          <>
            <dt>Рассмотрение</dt>
            <dd>Отчёт снова направлен на рассмотрение (раунд {receipt.resubmittedRound})</dd>
          </>
        ) : null}
      </dl>
      <h2>Файлы</h2>
      {receipt.files.length === 0 ? (
        <p className="empty">Без файлов</p>
      ) : (
        <div className="table-scroll">
          <table className="receipt-files">
            <thead>
              <tr>
                <th scope="col">Имя файла</th>
                <th scope="col">Размер</th>
                <th scope="col">SHA-256</th>
              </tr>
            </thead>
            <tbody>
              {receipt.files.map((file, i) => (
                <tr key={i}>
                  <td>{file.name}</td>
                  <td className="number">{formatBytes(file.size)}</td>
                  <td>
                    <code className="hash">{file.sha256 ?? 'не записан при приёме'}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
