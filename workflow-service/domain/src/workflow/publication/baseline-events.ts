// The event of the catalogue's baseline stream (`catalogue-baseline`): the public record as the demo data (or the
// benchmark's data set) left it, recorded in the log by the seed (decision 3310). Rows no agreement published are
// the seed's; verify holds them against the latest baseline, and the reference data against the baseline with every
// reference event after it.

import type { SeededRows } from '../../catalogue/published-rows.server.ts'

export type { SeededRows }

/** A reference table's rows as they stood: their ids and every declared field's value (and `retired`). */
export interface ReferenceRows {
  table: string
  rows: Array<Record<string, string | number | boolean | null>>
}

export interface CatalogueBaselineRecorded {
  type: 'CatalogueBaselineRecorded'
  data: { seeded: SeededRows[]; reference: ReferenceRows[] }
}

/**
 * A substance's unit change converted readings no publication holds (the seed's, decision 3416): their digest after
 * it, recorded in the conversion's transaction, so verify holds them against it; the reference rows stay held against
 * the last `CatalogueBaselineRecorded` and the reference events after it.
 */
export interface SeededRowsConverted {
  type: 'SeededRowsConverted'
  data: { seeded: SeededRows[]; substance: string; from: string; to: string; factor: number }
}

export type BaselineEvent = CatalogueBaselineRecorded | SeededRowsConverted

export const BASELINE_STREAM = 'catalogue-baseline'
