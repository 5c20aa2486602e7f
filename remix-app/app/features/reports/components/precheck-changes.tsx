// What a file checked before sending would change (decision 3714): its readings against the declined round and last
// year's published ones, the largest few first, as the report's own page shows them once the file is sent.
import { type ChangesSummary, formatNumber, plural } from '@portal/workflow-domain/views.ts'
import { ReportChangesTable } from './report-changes-table.tsx'

export function PrecheckChanges({ changes, fileName }: { changes: ChangesSummary; fileName: string }) {
  if (changes.count === 0) return null
  const against = changes.previousRound !== null ? `отклонённым раундом ${changes.previousRound} и прошлым годом (${changes.lastYear})` : `прошлым годом (${changes.lastYear})`
  return (
    <section className="precheck-changes" aria-label={`Что изменится: файл ${fileName}`}>
      <p>
        Сравнение с {against}
        {changes.marked > 0
          ? `: отмечено ${formatNumber(changes.marked)} ${plural(changes.marked, ['строка', 'строки', 'строк'])}, значение отличается больше чем в ${changes.factor} раз.`
          : '.'}
      </p>
      <ReportChangesTable
        rows={changes.results}
        factor={changes.factor}
        caption={changes.count > changes.results.length ? `Самые большие изменения: ${formatNumber(changes.results.length)} из ${formatNumber(changes.count)}` : 'Что изменится'}
      />
    </section>
  )
}
