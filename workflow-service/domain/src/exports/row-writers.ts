// What a query that feeds an export writes its rows or features through: the sending of the file (the server's
// send-export and send-geojson) hands one of these to the query, which never sees the HTTP reply.
import type { Cell } from './table-cells.ts'

/** Hands rows to the file; resolves when the client has room for more. */
export type WriteRows = (rows: Cell[][]) => Promise<void>

export interface Feature {
  type: 'Feature'
  id: number
  geometry: { type: 'Point'; coordinates: [number, number] } | { type: 'MultiPoint'; coordinates: Array<[number, number]> }
  properties: Record<string, unknown>
}

/** Hands features to the answer; resolves when the client has room for more. */
export type WriteFeatures = (features: Feature[]) => Promise<void>
