// The shapes of an event: as a command makes it, as the log stores it, and as a fold takes it. Apart from the store
// so that the log's readers can name them without importing the store that uses them.
import type { EventMetadata } from '@portal/migrations/database.ts'

export type { EventMetadata }

export interface NewEvent<T extends string = string, D extends object = object> {
  type: T
  data: D
}

export interface StoredEvent<T extends string = string, D = Record<string, unknown>> {
  position: number
  streamId: string
  streamVersion: number
  type: T
  data: D
  metadata: EventMetadata
  createdAt: Date
  prevHash: string
  hash: string
}

/** An event as a fold takes it: everything but the chain's hashes, which only the chain's check reads. */
export type LoggedEvent<T extends string = string, D = Record<string, unknown>> = Omit<StoredEvent<T, D>, 'prevHash' | 'hash'>
