// The card of a measuring point (its fields, coordinates in degrees, minutes and seconds, and the readings of a
// year): the same card at /measures-points/{id} and at the by-kind address /points/{kind}/{id}.
import type { AppLoadContext } from '@remix-run/node'
import { pointHead, type PointRecord, readingsOf } from './points.server.ts'
import { cardGroups, scopedListsOf, startNow, typeOrThrow } from './views.server.ts'

/**
 * `found`: the point's own read, already started. The tabs' and the readings' reads need only its id, so they go out
 * with it in one socket write (decision 3810); a point that is not there is still the 404, whatever else failed.
 */
export async function pointCard(context: AppLoadContext, id: number, found: Promise<PointRecord>, params: URLSearchParams) {
  const lists = scopedListsOf(context, 'measures_point', id)
  const read = startNow(readingsOf(context, { id }, params))
  const point = await found
  const head = await pointHead(context, point, undefined, lists)
  const { readings, year } = await read
  return { title: point.name, ...head, groups: cardGroups(typeOrThrow('measures-points'), point), readings, year }
}

export type PointCardData = Awaited<ReturnType<typeof pointCard>>
