// The admin stream's events, declared once: what each changes in the entry's state and the row it writes into its
// kind's table (a retired entry keeps its row, marked `retired`: readings still name it). Those tables are the catalogue's, not the workflow's read models: the replay folds these rows and
// leaves the tables be. Reference changes are neither in the report history nor told.
import { type EventTable, eventTypesOf } from '../../workflow/event-table.ts'
import type { ReferenceState } from './reference-state.ts'
import type { ReferenceEvent } from './reference-events.ts'
import { REFERENCE_KINDS } from './reference-kinds.ts'

export const REFERENCE_EVENTS = {
  ReferenceEntryAdded: {
    machine: null,
    evolve: (state, event) => ({ ...state, values: { ...event.data.values } }),
    rows: (event) => [{ table: REFERENCE_KINDS[event.data.kind].table, insert: [{ ...event.data.values, id: event.data.id }] }],
    history: null,
    label: 'Запись справочника добавлена',
    notice: null,
  },
  ReferenceEntryChanged: {
    machine: null,
    evolve: (state, event) => {
      const values = { ...(state.values ?? {}) }
      for (const change of event.data.changes) values[change.field] = change.to
      return { ...state, values }
    },
    rows: (event) => [
      { table: REFERENCE_KINDS[event.data.kind].table, update: event.data.id, set: Object.fromEntries(event.data.changes.map((c) => [c.field, c.to])) },
    ],
    history: null,
    label: 'Запись справочника изменена',
    notice: null,
  },
  ReferenceEntryRetired: {
    machine: null,
    evolve: (state) => ({ ...state, retired: true }),
    rows: (event) => [{ table: REFERENCE_KINDS[event.data.kind].table, update: event.data.id, set: { retired: true } }],
    history: null,
    label: 'Запись справочника выведена из употребления',
    notice: null,
  },
  ReferenceEntryRestored: {
    machine: null,
    evolve: (state) => ({ ...state, retired: false }),
    rows: (event) => [{ table: REFERENCE_KINDS[event.data.kind].table, update: event.data.id, set: { retired: false } }],
    history: null,
    label: 'Запись справочника возвращена в употребление',
    notice: null,
  },
  ReferenceEntryDeleted: {
    machine: null,
    evolve: (state) => ({ ...state, deleted: true }),
    rows: (event) => [{ table: REFERENCE_KINDS[event.data.kind].table, delete: event.data.id }],
    history: null,
    label: 'Запись справочника удалена',
    notice: null,
  },
} satisfies EventTable<ReferenceEvent, ReferenceState>

export const REFERENCE_EVENT_TYPES = eventTypesOf<ReferenceEvent, ReferenceState>(REFERENCE_EVENTS)
