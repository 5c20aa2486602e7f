// The publication stream's decisions: record the report's public rows when they differ from what the stream last
// recorded, and a failure once per reason. A publication job that runs again over the same rows records nothing.
import type { Decider } from '../decider.ts'
import type { Decision } from '../refusal.ts'
import { entryOf } from '../event-table.ts'
import { PUBLICATION_EVENTS } from './publication-event-table.ts'
import type { PublicationEvent, PublishedFileRecord } from './publication-events.ts'
import { initialPublicationState, type PublicationState } from './publication-state.ts'

export type PublicationCommand =
  | { type: 'RecordPublication'; data: { reportId: number; files: PublishedFileRecord[] } }
  | { type: 'RecordPublicationFailure'; data: { reportId: number; staged: number; reason: string } }

const sameFiles = (a: PublishedFileRecord[], b: PublishedFileRecord[]) =>
  a.length === b.length && a.every((f, i) => f.fileId === b[i].fileId && f.table === b[i].table && f.rows === b[i].rows && f.staged === b[i].staged && f.digest === b[i].digest)

export function decidePublication(state: PublicationState, command: PublicationCommand): Decision<PublicationEvent> {
  switch (command.type) {
    case 'RecordPublication': {
      const files = [...command.data.files].sort((a, b) => a.fileId - b.fileId || a.table.localeCompare(b.table))
      // Nothing public and nothing recorded yet: a report that never published has nothing to record.
      if (state.files === null && files.length === 0 && state.failed === null) return []
      if (state.files && state.failed === null && sameFiles(state.files, files)) return []
      return [{ type: 'ReportPublished', data: { reportId: command.data.reportId, files } }]
    }
    case 'RecordPublicationFailure':
      if (state.failed === command.data.reason) return []
      return [{ type: 'ReportPublicationFailed', data: command.data }]
  }
}

function evolvePublication(state: PublicationState, event: PublicationEvent): PublicationState {
  return entryOf<PublicationEvent, PublicationState>(PUBLICATION_EVENTS, event.type).evolve(state, event)
}

export const publicationDecider: Decider<PublicationState, PublicationCommand, PublicationEvent, null> = {
  table: PUBLICATION_EVENTS,
  initialState: initialPublicationState,
  evolve: evolvePublication,
  decide: (state, command) => decidePublication(state, command),
}
