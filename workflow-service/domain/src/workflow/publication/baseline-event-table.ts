// The baseline stream's event, declared once. It writes no row: the tables it describes are already as it says, and
// verify reads the event itself (the latest of the stream) to hold the live tables against it.
import { type EventTable, eventTypesOf } from '../event-table.ts'
import type { BaselineEvent } from './baseline-events.ts'

export interface BaselineState {
  recorded: number
}

export const BASELINE_EVENTS = {
  CatalogueBaselineRecorded: {
    machine: null,
    evolve: (state) => ({ recorded: state.recorded + 1 }),
    rows: () => [],
    history: null,
    label: 'Исходные данные каталога записаны',
    notice: null,
  },
  SeededRowsConverted: {
    machine: null,
    evolve: (state) => state,
    rows: () => [],
    history: null,
    label: 'Исходные показания пересчитаны в новую единицу',
    notice: null,
  },
} satisfies EventTable<BaselineEvent, BaselineState>

export const BASELINE_EVENT_TYPES = eventTypesOf<BaselineEvent, BaselineState>(BASELINE_EVENTS)
