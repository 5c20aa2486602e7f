// What a catalogue page does for a record that does not exist (or an address naming none): it sends the user to
// /404, the not-found page, as catalogue.md §8 and portal-and-workflow.md §8 say ('Loading stops and the user goes
// to /404'). An address that no route declares shows the 404 page in place (routes.ts, the `*` route).
import { redirect } from '@remix-run/node'
import { MAX_ID } from '@portal/workflow-domain/views.ts'

/** The answer a loader throws: a redirect to /404 (Remix puts the /monitoring base in front). */
export function notFound(): Response {
  return redirect('/404')
}

/** Whether a thrown answer is this one (tests and callers that tell it from a 403 or a login redirect). */
export function isNotFound(answer: unknown): boolean {
  return answer instanceof Response && answer.status === 302 && answer.headers.get('location') === '/404'
}

/** A positive whole-number id from a route parameter, or the way to /404. */
export function idParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) throw notFound()
  const id = Number(raw)
  if (id < 1 || id > MAX_ID) throw notFound()
  return id
}
