// The transparency key stream's event, declared once. It writes no read-model row: the transparency door reads the
// stream's events themselves to list the keys.
import { type EventTable, eventTypesOf } from '../workflow/event-table.ts'
import type { TransparencyKeyEvent, TransparencyKeyState } from './key-events.ts'

export const TRANSPARENCY_KEY_EVENTS = {
  SigningKeyIntroduced: {
    machine: null,
    evolve: (_state, event) => ({ current: event.data.fingerprint }),
    rows: () => [],
    history: null,
    label: 'Ключ подписи журнала введён в действие',
    notice: null,
  },
} satisfies EventTable<TransparencyKeyEvent, TransparencyKeyState>

export const TRANSPARENCY_KEY_EVENT_TYPES = eventTypesOf<TransparencyKeyEvent, TransparencyKeyState>(TRANSPARENCY_KEY_EVENTS)
