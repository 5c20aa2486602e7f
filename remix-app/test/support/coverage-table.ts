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

export const ROLES = ['public', 'department', 'admin', 'holder1', 'administration'] as const
export type Role = (typeof ROLES)[number]

/** Whether a role gets the page of an address row ('all', a list of roles, or 'not-found' for the 404 page). */
export function roleGetsPage(roles: string, role: Role): boolean {
  return roles === 'all' || roles.split(',').map((r) => r.trim()).includes(role)
}

/** Splits at the commas and semicolons outside brackets. */
function topLevelItems(text: string): string[] {
  const items: string[] = []
  let depth = 0
  let current = ''
  for (const ch of text) {
    if (ch === '(' || ch === '{') depth++
    if (ch === ')' || ch === '}') depth--
    if ((ch === ',' || ch === ';') && depth === 0) {
      items.push(current)
      current = ''
    } else current += ch
  }
  return [...items, current].map((item) => item.trim().replace(/^(and|plus) /, '').replace(/\.$/, '').trim()).filter(Boolean)
}

/**
 * The items of §3 of a spec document: each bold entity (`**Name**:` or `**Name** adds:`) with the items of its sentences, split at the
 * commas and semicolons outside brackets. A later sentence keeps its own lead-in ("Legacy: year").
 */
export function specFieldItems(markdown: string): Array<{ entity: string; item: string }> {
  const section = markdown.slice(markdown.indexOf('## 3.'), markdown.indexOf('## 4.'))
  const found: Array<{ entity: string; item: string }> = []
  for (const [, entity, body] of section.matchAll(/\*\*([^*]+)\*\*(?: adds)?:([^*\n]*)/g)) {
    for (const sentence of body.split(/\.\s+(?=[A-Z])/)) for (const item of topLevelItems(sentence)) found.push({ entity, item })
  }
  return found
}
