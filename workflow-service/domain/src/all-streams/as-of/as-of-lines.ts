// The as-of answer as the operator's table (`npm run replay -- --as-of …`), in the words and the time the screens use
// (issue 36): a report per block with its area's and company's names, its files, its responsible person and last
// decision, then the changes of the window one per line, each person by name and role, each time in the region's
// (Yekaterinburg) time. `--json` keeps the answer as the log has it, for machines.
import { formatDateTime } from '../../text/region-dates.ts'
import { personWithRole } from '../../people/person-name.ts'
import { AUDIT_EVENT_LABEL } from '../../workflow/history/audit-events.ts'
import { REPORT_TYPES } from '../../workflow/reports/report-types.ts'
import { reportStatusWords } from '../../workflow/reports/report-status-table.ts'
import { fileStatusWords } from '../../workflow/files/file-status-table.ts'
import type { AsOfAnswer } from './as-of-fold.ts'

/** The names the table shows for the answer's logins, areas and companies (as-of-queries.server.ts gathers them). */
export interface AsOfNames {
  people: Record<string, string>
  areas: Record<number, string>
  companies: Record<number, string>
}

const at = formatDateTime
const pad = (label: string) => label.padEnd(19)

export function asOfLines(answer: AsOfAnswer, names: AsOfNames): string[] {
  const person = (login: string) => names.people[login] ?? login
  const lines = [
    `${pad('на момент:')}${at(answer.moment)} (время Екатеринбурга)`,
    `${pad('событий учтено:')}${answer.events}`,
    `${pad('отчётов:')}${answer.reports.length}`,
  ]
  for (const r of answer.reports) {
    const company = names.companies[r.companyId] ?? `предприятие № ${r.companyId}`
    const target = r.areaId !== null ? `участок «${names.areas[r.areaId] ?? `№ ${r.areaId}`}», ${company}` : company
    lines.push('', `отчёт № ${r.id} (${r.streamId}): ${REPORT_TYPES[r.reportType].title}, ${r.year}, ${target}`)
    lines.push(`  ${pad('статус:')}${reportStatusWords(r.status)}, круг ${r.round}, с ${at(r.updated)}`)
    lines.push(`  ${pad('ответственный:')}${r.responsible ? `${r.responsible.fullname}, ${r.responsible.position}, ${r.responsible.email}, ${r.responsible.phone}` : '—'}`)
    const d = r.lastDecision
    lines.push(
      `  ${pad('последнее решение:')}${d ? `${AUDIT_EVENT_LABEL[d.event]}: ${person(d.creatorUsername)}, ${at(d.created)}${d.comment ? `: ${d.comment}` : ''}${d.files.length ? ` [${d.files.join(', ')}]` : ''}` : '—'}`,
    )
    for (const f of r.files) {
      const errors = f.problems.filter((p) => p.level !== 'warning').length
      const warnings = f.problems.length - errors
      lines.push(`  ${pad(`файл № ${f.id}:`)}${fileStatusWords(f.status)}, ошибок ${errors}, предупреждений ${warnings}: ${f.name} (${person(f.creatorUsername)}, ${at(f.created)})`)
    }
  }
  if (answer.changes.length) lines.push('', `${pad('изменения:')}${answer.changes.length}`)
  for (const c of answer.changes) {
    lines.push(
      `  ${at(c.at)}  запись ${c.position}  ${c.label}${c.fileName ? ` «${c.fileName}»` : ''}${c.reportId !== null ? `, отчёт № ${c.reportId}` : ''} — ${personWithRole(person(c.username), c.role)}${c.comment ? `: ${c.comment}` : ''}`,
    )
  }
  return lines
}
