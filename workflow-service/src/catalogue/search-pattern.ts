// Turns a user's search text into a safe, case-insensitive LIKE pattern (no wildcards smuggled in).
export function containsPattern(text: string): string {
  // PostgreSQL text cannot hold NUL: a NUL in a search is dropped rather than failing the query.
  const escaped = text.replace(/\u0000/g, '').trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
  return `%${escaped}%`
}
