// The 404 a loader throws for a record that does not exist (the root shows the not-found page).
export function notFound(): Response {
  return new Response(null, { status: 404, statusText: 'Not Found' })
}

/** A positive whole-number id from a route parameter, or a 404. */
export function idParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) throw notFound()
  const id = Number(raw)
  if (id < 1 || id > 2_147_483_647) throw notFound()
  return id
}
