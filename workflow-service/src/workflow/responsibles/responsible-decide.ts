// The responsible-person stream's pure evolve and decide: created once per area (or company) and year, then edited.
import { refuseConflict, refuseMissing } from '../refusal.ts'
import type { ResponsibleDetails, ResponsibleEvent, ResponsibleSaved } from './responsible-events.ts'

export interface ResponsibleState {
  saved: ResponsibleSaved['data'] | null
  version: number
}

export function foldResponsible(events: readonly ResponsibleEvent[]): ResponsibleState {
  return events.reduce<ResponsibleState>((state, event) => ({ saved: event.data, version: state.version + 1 }), { saved: null, version: 0 })
}

export type ResponsibleCommand =
  | { type: 'CreateResponsible'; data: ResponsibleSaved['data'] }
  | { type: 'EditResponsible'; data: ResponsibleDetails }

export function decideResponsible(state: ResponsibleState, command: ResponsibleCommand): ResponsibleEvent[] {
  switch (command.type) {
    case 'CreateResponsible':
      if (state.saved) throw refuseConflict('Ответственное лицо за этот год уже внесено: обновите страницу, чтобы изменить его.')
      return [{ type: 'ResponsibleSaved', data: command.data }]
    case 'EditResponsible':
      if (!state.saved) throw refuseMissing('Ответственное лицо не найдено.')
      return [{ type: 'ResponsibleSaved', data: { ...state.saved, ...command.data } }]
  }
}
