// The rows of «Что изменилось» (decision 3714): per point and substance this round's mean against the declined round's
// and last year's, the largest change first, a marked row saying why in words. Numbers through the one helper.
import { changeWords, type ChangeRow, formatNumber, markWords } from '@portal/workflow-domain/views.ts'

const mean = (value: number | null) => (value === null ? '—' : formatNumber(value))

export function ReportChangesTable({ rows, factor, caption }: { rows: readonly ChangeRow[]; factor: number; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="changes-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Пункт наблюдения</th>
            <th scope="col">Показатель</th>
            <th scope="col">Единица</th>
            <th scope="col">Этот раунд</th>
            <th scope="col">Прошлый раунд</th>
            <th scope="col">Изменение</th>
            <th scope="col">Прошлый год</th>
            <th scope="col">Изменение</th>
            <th scope="col">Отметка</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const mark = markWords(row, factor)
            return (
              <tr key={`${row.point.id}-${row.substance}`} className={mark ? 'change-marked' : undefined}>
                <th scope="row">
                  {row.point.nomenclature ? `${row.point.nomenclature} ` : ''}
                  <span className="point-name">{row.point.name}</span>
                </th>
                <td>{row.substance}</td>
                <td>{row.unit}</td>
                <td className="number">
                  {mean(row.current)}
                  {row.currentCount > 1 ? <span className="hint"> ({formatNumber(row.currentCount)} проб)</span> : null}
                </td>
                <td className="number">{mean(row.previous)}</td>
                <td className="number change">{changeWords(row.fromPrevious)}</td>
                <td className="number">{mean(row.lastYear)}</td>
                <td className="number change">{changeWords(row.fromLastYear)}</td>
                <td className="mark">{mark ? <strong>⚠ {mark}</strong> : null}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
