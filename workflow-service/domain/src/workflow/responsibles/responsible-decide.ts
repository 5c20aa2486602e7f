// The responsible-person stream's pure evolve and decide: created once per area (or company) and year, then edited;
// the details' rules (trimmed, not blank, a real e-mail address) are checked here for every door.
import type { Decider } from '../decider.ts'
import { entryOf } from '../event-table.ts'
import { RESPONSIBLE_EVENTS } from './responsible-event-table.ts'
import { type Decision, isRefusal } from '../refusal.ts'
import { checkResponsibleDetails } from './responsible-details.ts'
import type { ResponsibleDetails, ResponsibleEvent, ResponsibleSaved } from './responsible-events.ts'
import type { ResponsibleState } from './responsible-state.ts'

export const initialResponsibleState = (): ResponsibleState => ({ saved: null, version: 0 })

export const evolveResponsible = (state: ResponsibleState, event: ResponsibleEvent): ResponsibleState =>
  entryOf<ResponsibleEvent, ResponsibleState>(RESPONSIBLE_EVENTS, event.type).evolve({ ...state, version: state.version + 1 }, event)

export function foldResponsible(events: readonly ResponsibleEvent[]): ResponsibleState {
  return events.reduce(evolveResponsible, initialResponsibleState())
}

export type ResponsibleCommand =
  | { type: 'CreateResponsible'; data: ResponsibleSaved['data'] }
  /**
   * The area (or company) and year asked for must be those on record: they do not change. A laboratory left out
   * (the page's form has only the spec's four fields) stays as it was.
   */
  | { type: 'EditResponsible'; data: ResponsibleEdit & { targetId?: number; year?: number } }

export type ResponsibleEdit = Omit<ResponsibleDetails, 'labsName' | 'labsContacts'> & Partial<Pick<ResponsibleDetails, 'labsName' | 'labsContacts'>>

export function decideResponsible(state: ResponsibleState, command: ResponsibleCommand): Decision<ResponsibleEvent> {
  const given = command.data
  const details = checkResponsibleDetails({
    fullname: given.fullname,
    position: given.position,
    email: given.email,
    phone: given.phone,
    labsName: given.labsName === undefined ? (state.saved?.labsName ?? null) : given.labsName,
    labsContacts: given.labsContacts === undefined ? (state.saved?.labsContacts ?? null) : given.labsContacts,
  })
  if (isRefusal(details)) return details
  switch (command.type) {
    case 'CreateResponsible':
      if (state.saved) return { reason: 'responsible-exists' }
      return [{ type: 'ResponsibleSaved', data: { ...command.data, ...details } }]
    case 'EditResponsible': {
      const saved = state.saved
      if (!saved) return { reason: 'responsible-not-found' }
      const onRecord = saved.scope === 'area' ? saved.areaId : saved.companyId
      if (command.data.targetId !== undefined && command.data.targetId !== onRecord) {
        return { reason: 'responsible-target-changed', parameter: saved.scope === 'area' ? 'area' : 'company' }
      }
      if (command.data.year !== undefined && command.data.year !== saved.year) return { reason: 'responsible-year-changed' }
      return [{ type: 'ResponsibleSaved', data: { ...saved, ...details } }]
    }
  }
}

export const responsibleDecider: Decider<ResponsibleState, ResponsibleCommand, ResponsibleEvent, void> = {
  table: RESPONSIBLE_EVENTS,
  initialState: initialResponsibleState,
  evolve: evolveResponsible,
  decide: (state, command) => decideResponsible(state, command),
}
