// The card of a measuring point (its fields, coordinates in degrees, minutes and seconds, and the readings of a
// year): the same card at /measures-points/{id} and at the by-kind address /points/{kind}/{id}.
import type { AppLoadContext } from '@remix-run/node'
import { pointHead, type PointRecord, readingsOf } from './points.server.ts'
import { cardGroups, typeOrThrow } from './views.server.ts'

export async function pointCard(context: AppLoadContext, point: PointRecord, params: URLSearchParams) {
  const head = await pointHead(context, point)
  const { readings, year } = await readingsOf(context, point, params)
  return { title: point.name, ...head, groups: cardGroups(typeOrThrow('measures-points'), point), readings, year }
}

export type PointCardData = Awaited<ReturnType<typeof pointCard>>
