// The as-of answer as the operator's table (`npm run replay -- --as-of …`): a report per block, its files, its
// responsible person and last decision, then the changes of the window one per line. Times in UTC, as the log keeps them.
import { REPORT_TYPES } from '../../workflow/reports/report-types.ts'
import type { AsOfAnswer } from './as-of-fold.ts'

const at = (date: Date) => date.toISOString()

export function asOfLines(answer: AsOfAnswer): string[] {
  const lines = [`as of:             ${at(answer.moment)}`, `events folded:     ${answer.events}`, `reports:           ${answer.reports.length}`]
  for (const r of answer.reports) {
    const target = r.areaId !== null ? `area ${r.areaId}` : `company ${r.companyId}`
    lines.push('', `report ${r.id} (${r.streamId}): ${REPORT_TYPES[r.reportType].title}, ${r.year}, ${target}`)
    lines.push(`  status:          ${r.status}, round ${r.round}, since ${at(r.updated)}`)
    lines.push(`  responsible:     ${r.responsible ? `${r.responsible.fullname}, ${r.responsible.position}, ${r.responsible.email}, ${r.responsible.phone}` : '-'}`)
    const d = r.lastDecision
    lines.push(`  last decision:   ${d ? `${d.event} by ${d.creatorUsername} at ${at(d.created)}${d.comment ? `: ${d.comment}` : ''}${d.files.length ? ` [${d.files.join(', ')}]` : ''}` : '-'}`)
    for (const f of r.files) {
      const errors = f.problems.filter((p) => p.level !== 'warning').length
      const warnings = f.problems.length - errors
      lines.push(`  file ${f.id}:  ${f.status}, ${errors} errors, ${warnings} warnings: ${f.name} (by ${f.creatorUsername} at ${at(f.created)})`)
    }
  }
  if (answer.changes.length) lines.push('', `changes:           ${answer.changes.length}`)
  for (const c of answer.changes) {
    lines.push(`  ${at(c.at)}  #${c.position}  ${c.label}${c.fileName ? ` «${c.fileName}»` : ''}${c.reportId !== null ? `, report ${c.reportId}` : ''}  by ${c.username} (${c.role})${c.comment ? `: ${c.comment}` : ''}`)
  }
  return lines
}
