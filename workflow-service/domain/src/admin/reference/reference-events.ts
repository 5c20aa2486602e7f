// The events of the admin stream: an entry of reference data added, some of its fields changed (with the old and
// the new value, so the history reads without the table), retired from use or restored to it, or deleted (only an
// entry nothing refers to; its last values are kept, so the history still names it).
import type { ReferenceKind, ReferenceValues } from './reference-kinds.ts'

export interface ReferenceChange {
  field: string
  from: string | number | boolean | null
  to: string | number | boolean | null
}

/**
 * A substance's unit changed within one unit family (decision 3411): the power of ten its limits were multiplied by,
 * so a limit recorded before the change is read in today's unit (`limitAsOf`). Its readings in `from`, public and
 * staged, were multiplied by it in the event's transaction (decision 3416): how many, when there were any.
 */
export interface UnitConversion {
  from: string
  to: string
  factor: number
  readings?: number
  staged?: number
}

/** The power of ten a conversion's factor is (1000 → 3, 0,001 → −3): what `convert_published_readings` is given. */
export const powerOf = (conversion: UnitConversion): number => Math.round(Math.log10(conversion.factor))

export type ReferenceEvent =
  | { type: 'ReferenceEntryAdded'; data: { kind: ReferenceKind; id: number; values: ReferenceValues } }
  | { type: 'ReferenceEntryChanged'; data: { kind: ReferenceKind; id: number; changes: ReferenceChange[]; conversion?: UnitConversion } }
  | { type: 'ReferenceEntryRetired'; data: { kind: ReferenceKind; id: number } }
  | { type: 'ReferenceEntryRestored'; data: { kind: ReferenceKind; id: number } }
  | { type: 'ReferenceEntryDeleted'; data: { kind: ReferenceKind; id: number; values: ReferenceValues } }
