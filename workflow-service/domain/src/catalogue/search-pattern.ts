// The one folding of searched text, in TypeScript as search_text() does it in SQL (migration 2026-11-23-1910): lower
// case, ё as е. Every list's `search` and the header's search compare search_text(column) with a pattern folded here.

/** The text as search_text() makes it: lower case, ё as е. */
export function searchText(text: string): string {
  return text.replace(/[Ёё]/g, 'е').toLowerCase()
}

/** A safe LIKE pattern that finds the folded text anywhere: no wildcards smuggled in, NUL dropped. */
export function containsPattern(text: string): string {
  // PostgreSQL text cannot hold NUL: a NUL in a search is dropped rather than failing the query.
  const escaped = searchText(text.replace(/\u0000/g, '').trim()).replace(/[\\%_]/g, (c) => `\\${c}`)
  return `%${escaped}%`
}
