// The SensorThings API's read as a use-case: the catalogue's published points and readings as the standard's
// entities (sta/), for anyone (the public sees what the catalogue shows it); a bad query option or a path that names
// nothing is a refusal.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { readSensorThings, StaFailed, type StaAnswer } from '../sta/sta-reads.server.ts'
import type { Outcome, UseCaseContext } from './use-case.ts'

export interface SensorThingsRequest {
  /** The absolute or root-relative address of the service root, without a trailing slash: links are built on it. */
  base: string
  /** The resource path after the service root (`Things(1)/Datastreams`). */
  path: string
  query: Record<string, unknown>
}

export function sensorThingsUseCases(db: Kysely<Database>) {
  return {
    async read(_context: UseCaseContext, input: SensorThingsRequest): Promise<Outcome<StaAnswer>> {
      try {
        return { ok: true, value: await readSensorThings(db, input.base, input.path, input.query) }
      } catch (error) {
        if (!(error instanceof StaFailed)) throw error
        const { failure } = error
        return failure.kind === 'not-found'
          ? { ok: false, refusal: { reason: 'sta-path-not-found', detail: failure.detail } }
          : { ok: false, refusal: { reason: 'invalid-input', parameter: failure.parameter, detail: failure.detail } }
      }
    },
  }
}
