// What a substance's unit change does to its readings (decision 3416), in the transaction of its
// `ReferenceEntryChanged`: the owner's `convert_published_readings` multiplies the readings and staged rows of the
// substance in the old unit by the recorded power of ten (the portal's role cannot UPDATE a published reading), and
// the log records what is public after it, as a publication does: each report whose rows changed gets its
// `ReportPublished`, the rows no publication holds their `SeededRowsConverted`. Verify then holds every row against a
// record of the log, and a value changed otherwise (without the event, or by another factor) against the same record.
import { sql, type Transaction } from 'kysely'
import type { Database, PublishedFileRecord } from '@portal/migrations/database.ts'
import { publishedFilesOfReport, seededRows } from '../../catalogue/published-rows.server.ts'
import { NO_QUEUE } from '../../ports/job-queue.ts'
import type { Decider } from '../../workflow/decider.ts'
import { type CommandContext, systemMetadata } from '../../workflow/command-context.server.ts'
import { handleCommand } from '../../workflow/handle-command.server.ts'
import { publicationDecider } from '../../workflow/publication/publication-decide.ts'
import { publicationStreamId } from '../../workflow/publication/publication-events.ts'
import { BASELINE_EVENTS, type BaselineState } from '../../workflow/publication/baseline-event-table.ts'
import { BASELINE_STREAM, type BaselineEvent, type SeededRowsConverted } from '../../workflow/publication/baseline-events.ts'
import { powerOf, type UnitConversion } from './reference-events.ts'

/** The key of a substance's unit lock: a unit change holds it alone, a publication shares it (see `lockSubstanceUnits`). */
const SUBSTANCE_UNIT_LOCK = 3_416_001

/**
 * Holds the units of these substances still until the commit: `shared` for a publication of their readings, alone for
 * a unit change. Taken before the log's append barrier by both, so a publication that read its staged rows in the old
 * unit commits them before the conversion reads, or reads them converted after it; never in between (two at once).
 */
export async function lockSubstanceUnits(trx: Transaction<Database>, ids: readonly number[], shared: boolean): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    if (shared) await sql`SELECT pg_advisory_xact_lock_shared(${SUBSTANCE_UNIT_LOCK}, ${id})`.execute(trx)
    else await sql`SELECT pg_advisory_xact_lock(${SUBSTANCE_UNIT_LOCK}, ${id})`.execute(trx)
  }
}

const baselineDecider: Decider<BaselineState, { type: 'RecordSeededConversion'; data: SeededRowsConverted['data'] }, BaselineEvent, null> = {
  table: BASELINE_EVENTS,
  initialState: () => ({ recorded: 0 }),
  evolve: (state, event) => BASELINE_EVENTS[event.type].evolve(state),
  decide: (_state, command) => [{ type: 'SeededRowsConverted', data: command.data }],
}

/** Converts a substance's readings by the recorded factor and records in the log what is public after it. */
export async function convertReadings(context: CommandContext & { db: Transaction<Database> }, substance: string, conversion: UnitConversion): Promise<void> {
  const trx = context.db
  const { rows: seededBefore } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM measures_point_indications i WHERE i.name = ${substance} AND i.measure = ${conversion.from}
      AND NOT EXISTS (SELECT 1 FROM import_published_rows p WHERE p.target_table = 'measures_point_indications' AND p.row_id = i.id)`.execute(trx)
  await sql`SELECT convert_published_readings(${substance}, ${conversion.from}, ${conversion.to}, ${powerOf(conversion)}::integer)`.execute(trx)
  const { rows: reports } = await sql<{ id: number; files: PublishedFileRecord[] }>`
    SELECT rp.id, rp.files FROM report_publications rp
    WHERE EXISTS (
      SELECT 1 FROM import_published_rows p JOIN measures_point_indications i ON i.id = p.row_id
      WHERE p.report_id = rp.id AND p.target_table = 'measures_point_indications' AND i.name = ${substance} AND i.measure = ${conversion.to})
    ORDER BY rp.id`.execute(trx)
  const system = { ...context, actor: null, queue: NO_QUEUE }
  for (const report of reports) {
    const visible = [...new Set(report.files.map((f) => f.fileId))]
    await handleCommand(system, {
      decider: publicationDecider,
      streamId: publicationStreamId(report.id),
      command: { type: 'RecordPublication', data: { reportId: report.id, files: await publishedFilesOfReport(trx, report.id, visible) } },
      facts: () => null,
      metadata: systemMetadata('reference'),
    })
  }
  if (seededBefore[0].n > 0) {
    await handleCommand(system, {
      decider: baselineDecider,
      streamId: BASELINE_STREAM,
      command: { type: 'RecordSeededConversion', data: { seeded: await seededRows(trx), substance, from: conversion.from, to: conversion.to, factor: conversion.factor } },
      facts: () => null,
      metadata: systemMetadata('reference'),
    })
  }
}
