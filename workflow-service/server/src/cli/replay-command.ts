// `npm run replay [-- --verify]`: rebuilds the read models from the event log, or verifies them and the hash chain.
// Its exit status is its verdict: 0 only when the chain holds and nothing differs, 1 on any break, row outside the
// chain or difference (a rebuild of a broken log is refused, unless `--fold-before-break` asks to fold what precedes
// the first break), 2 on a wrong argument.
// `--as-of DAY [--company N | --stream ID] [--from DAY --to DAY] [--json]` prints the reports as they stood then
// (and the changes between two days) from the log alone, changing nothing; with `--verify` it verifies the chain and
// the read models as they stood at that moment instead of today's.
import { parseArgs } from 'node:util'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '@portal/workflow-platform/database.server.ts'
import {
  useChainHead, breakLine, type ChainCheck, outsideLine, chainHeadLine, type AsOfVerifyReport, rebuildProjections,
  type ReplayReport, verifyProjections, verifyProjectionsAsOf, asOfLines, asOfNames, askAsOf, type AsOfQuestion,
  asOfQuestionFromArguments,
} from '@portal/workflow-domain/commands.server.ts'
import { exitWith } from './exit-status.ts'

const { values } = parseArgs({
  options: {
    verify: { type: 'boolean', default: false },
    'as-of': { type: 'string' },
    company: { type: 'string' },
    stream: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    json: { type: 'boolean', default: false },
    'fold-before-break': { type: 'boolean', default: false },
  },
})
const out = (line: string) => process.stdout.write(`${line}\n`)

/** Every break of the chain, each on a line of its own, and every row outside it. */
function printBreaks(chain: ChainCheck): void {
  for (const row of chain.outside) out(`  ${outsideLine(row)}`)
  for (const b of chain.breaks) out(`  break: ${breakLine(b)}`)
  if (chain.breakCount > chain.breaks.length) out(`  … and ${chain.breakCount - chain.breaks.length} more breaks`)
}

function print(report: ReplayReport, verify: boolean): boolean {
  if (report.refused) {
    out(`hash chain:        BROKEN at position ${report.chain.broken!.position}: ${report.chain.broken!.reason}`)
    printBreaks(report.chain)
    out(`chain head:        ${chainHeadLine(report.chain)}`)
    out('rebuild refused:   nothing was written; the log is broken (rerun with --fold-before-break to fold only the events before the first break)')
    return false
  }
  out(`events replayed:   ${report.events}`)
  out(`replay time:       ${report.seconds.toFixed(2)} s`)
  out(`events per second: ${report.eventsPerSecond}`)
  out(
    report.chain.broken
      ? `hash chain:        BROKEN at position ${report.chain.broken.position}: ${report.chain.broken.reason} (${report.chain.breakCount + report.chain.outside.length} in all)`
      : `hash chain:        intact (${report.chain.events} events, ${report.chain.checkpoints} checkpoints, ${report.chain.unanchored} events after the last checkpoint)`,
  )
  printBreaks(report.chain)
  out(`chain head:        ${chainHeadLine(report.chain)}`)
  if (report.leftOut) {
    out(`left out:          ${report.leftOut.events} events from position ${report.leftOut.from} on (the first break), not folded`)
    for (const e of report.leftOut.examples) out(`  left out: position ${e.position}, stream ${e.streamId}, type ${e.type}`)
    if (report.leftOut.events > report.leftOut.examples.length) out(`  … and ${report.leftOut.events - report.leftOut.examples.length} more`)
  }
  const total = report.differences.reduce((n, d) => n + d.onlyLive + d.onlyReplayed, 0)
  out(`${verify ? 'differences:      ' : 'rows corrected:   '} ${total}`)
  for (const d of report.differences) {
    out(`  ${d.table}: ${d.onlyLive} only in the live table, ${d.onlyReplayed} only in the replay`)
    for (const e of d.examples) out(`    ${e.side}: ${JSON.stringify(e.row)}`)
  }
  const findings = report.publicRecord?.findings ?? []
  if (report.publicRecord) {
    const p = report.publicRecord
    out(`public record:     ${p.files} published files (${p.rows} readings) against their publications; ${p.baseline === null ? 'no catalogue baseline in the log: seeded rows not compared' : `seeded rows and reference data against the baseline at position ${p.baseline}`}; ${p.referenceRows} reference rows`)
    out(`public differences: ${findings.length}`)
    for (const line of findings) out(`  ${line}`)
  }
  // A rebuild that corrected rows says so by its status too: the live tables had differed from the log.
  return !report.chain.broken && total === 0 && findings.length === 0
}

function printAsOf(report: AsOfVerifyReport): boolean {
  out(`verified as of:    ${report.moment.toISOString()}`)
  out(`events by then:    ${report.events}${report.events ? ` (the last at position ${report.lastPosition})` : ''}`)
  out(
    report.chain.broken
      ? `hash chain:        BROKEN at position ${report.chain.broken.position}: ${report.chain.broken.reason}`
      : `hash chain:        intact (${report.chain.events} events up to position ${report.checkedTo}, ${report.chain.checkpoints} checkpoints)`,
  )
  printBreaks(report.chain)
  out(`rows then:         ${report.rowsThen}`)
  out(`rows changed since: ${report.rowsChangedSince} (a later event changed them: not compared)`)
  const total = report.differences.reduce((n, d) => n + d.onlyReplayed, 0)
  out(`differences:       ${total}`)
  for (const d of report.differences) {
    out(`  ${d.table}: ${d.onlyReplayed} rows as they stood then, unchanged since, differ from the live table`)
    for (const e of d.examples) out(`    then: ${JSON.stringify(e.row)}`)
  }
  return !report.chain.broken && total === 0
}

// A wrong argument stops before the database is opened, with one line naming it.
let asOf: AsOfQuestion | null = null
if (values['as-of'] !== undefined) {
  const parsed = asOfQuestionFromArguments(values)
  if ('wrong' in parsed) {
    process.stderr.write(`Ошибка: ${parsed.wrong}\n`)
    process.exit(2)
  }
  asOf = parsed
} else if (values.company ?? values.stream ?? values.from ?? values.to) {
  process.stderr.write('Ошибка: --company, --stream, --from и --to задаются вместе с --as-of\n')
  process.exit(2)
}
if (values['fold-before-break'] && (values.verify || asOf)) {
  process.stderr.write('Ошибка: --fold-before-break задаётся только для перестроения (без --verify и --as-of)\n')
  process.exit(2)
}

const config = loadConfig()
// The head the portal keeps beside the audit key in its data folder: verify compares the log with it.
useChainHead(config.dataDir)
const database = await openDatabase(config).catch((error: Error) => {
  process.stderr.write(`Ошибка: ${error.message}\n`)
  process.exit(1)
})
let status = 0
try {
  await migrateToLatest(database.db)
  if (asOf) {
    const answer = await askAsOf(database.db, asOf)
    out(values.json ? JSON.stringify(answer, null, 2) : asOfLines(answer, await asOfNames(database.db, answer)).join('\n'))
  }
  // With --as-of the replay only reads; --verify then checks the chain and the read models as they stood at that moment.
  if (asOf && values.verify) {
    if (!printAsOf(await verifyProjectionsAsOf(database.db, asOf.moment))) status = 1
  } else if (!asOf) {
    const report = values.verify ? await verifyProjections(database.db) : await rebuildProjections(database.db, { foldBeforeBreak: values['fold-before-break'] })
    if (!print(report, values.verify)) status = 1
  }
} catch (error) {
  process.stderr.write(`Ошибка: ${(error as Error).message}\n`)
  status = 1
} finally {
  await database.close()
}
exitWith(status)
