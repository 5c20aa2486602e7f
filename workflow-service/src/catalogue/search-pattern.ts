// Turns a user's search text into a safe, case-insensitive LIKE pattern (no wildcards smuggled in).
export function containsPattern(text: string): string {
  const escaped = text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
  return `%${escaped}%`
}
