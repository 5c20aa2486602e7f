// One catalogue record as a page's loader reads it: the catalogue's card use-case, with a record that is not there as
// undefined (a parent or an area named in the address may be gone) and any other refusal thrown as its page. Shared by
// the catalogue's pages and the map, which names the area it is filtered by.
import type { AppLoadContext } from '@remix-run/node'
import { readValue } from './use-case-answers.server.ts'

export type CatalogueRecord = { [key: string]: unknown; id: number }

/** A record of a type by id, or undefined (the card and parent lookups): the card's one read, the API's too. */
export async function recordOf<T = CatalogueRecord>(context: AppLoadContext, slug: string, id: number): Promise<T | undefined> {
  const outcome = await context.catalogue.card(context.useCaseContext, { type: slug, id })
  if (!outcome.ok && outcome.refusal.reason === 'record-not-found') return undefined
  return readValue(outcome) as T
}
