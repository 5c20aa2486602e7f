// The responsible-person stream's event, declared once: what it changes in the stream's state and its read-model row
// (ecomon_responsibles for an area, company_responsibles for a company). It is neither in the history nor told.
import { type EventTable, eventTypesOf } from '../event-table.ts'
import type { ResponsibleState } from './responsible-state.ts'
import type { ResponsibleEvent } from './responsible-events.ts'

/** The columns an edit sets; the person's area (or company), year and date added stay. */
const DETAILS = ['fullname', 'position', 'email', 'phone', 'labs_name', 'labs_contacts', 'updated', 'version'] as const

export const RESPONSIBLE_EVENTS = {
  ResponsibleSaved: {
    machine: null,
    evolve: (state, event) => ({ ...state, saved: event.data }),
    rows: (event) => {
      const d = event.data
      const details = {
        fullname: d.fullname,
        position: d.position,
        email: d.email,
        phone: d.phone,
        labs_name: d.labsName,
        labs_contacts: d.labsContacts,
        updated: event.createdAt,
        version: event.streamVersion,
      }
      const onConflictSet = [...DETAILS]
      return [
        d.scope === 'area'
          ? { table: 'ecomon_responsibles', upsert: { id: d.responsibleId, area_id: d.areaId!, company_id: d.companyId, year: d.year, added: event.createdAt, ...details }, onConflictSet }
          : { table: 'company_responsibles', upsert: { id: d.responsibleId, company_id: d.companyId, year: d.year, added: event.createdAt, ...details }, onConflictSet },
      ]
    },
    history: null,
    label: 'Ответственное лицо сохранено',
    notice: null,
  },
} satisfies EventTable<ResponsibleEvent, ResponsibleState>

export const RESPONSIBLE_EVENT_TYPES = eventTypesOf<ResponsibleEvent, ResponsibleState>(RESPONSIBLE_EVENTS)
