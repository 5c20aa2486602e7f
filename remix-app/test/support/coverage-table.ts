// The tables of docs/catalogue-coverage.md as cells, for the tests that check them (page loaders and the browser).
import fs from 'node:fs'
import path from 'node:path'

export const PROJECT_ROOT = path.join(import.meta.dirname, '../../..')
const doc = () => fs.readFileSync(path.join(PROJECT_ROOT, 'docs/catalogue-coverage.md'), 'utf8')

export function coverageDoc(): string {
  return doc()
}

/** The rows of the table under a heading, as cells (a `\|` inside a cell is a pipe). */
export function coverageTable(heading: string, text = doc()): string[][] {
  const at = text.indexOf(`## ${heading}`)
  if (at < 0) throw new Error(`no section ${heading}`)
  const end = text.indexOf('\n## ', at + 3)
  return text
    .slice(at, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('|---'))
    .slice(1)
    .map((line) => line.replace(/\\\|/g, '\u0000').split(' | ').map((cell) => cell.replace(/^\| |\s*\|$/g, '').replace(/\u0000/g, '|').trim()))
}

/** The code spans of a cell. */
export const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1])

/** The tests a cell names by file and name: `file.test.ts` "name", "another name", `other.test.ts` "name". */
export function namedTests(cell: string): Array<{ file: string; name: string }> {
  const named: Array<{ file: string; name: string }> = []
  let file = ''
  for (const [, span, name] of cell.matchAll(/`([^`]+)`|"([^"]+)"/g)) {
    if (span !== undefined) file = span
    else if (file) named.push({ file, name })
  }
  return named
}

export const ROLES = ['public', 'department', 'admin', 'holder1', 'administration'] as const
export type Role = (typeof ROLES)[number]

/** Whether a role gets the page of an address row ('all', a list of roles, or 'not-found' for the 404 page). */
export function roleGetsPage(roles: string, role: Role): boolean {
  return roles === 'all' || roles.split(',').map((r) => r.trim()).includes(role)
}
