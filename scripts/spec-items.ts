// `npm run spec:items`: reads the spec documents (they are not part of the repository: SPEC_DIR names their folder)
// and writes docs/spec-items.json, the items of the spec the tests compare the
// project with: addresses, route names, field items, role rules, endpoints and their parameters, constants, the texts
// the spec quotes and the UI words it gives without quotes. The tests read that file only, so they pass in any clone;
// remix-app/test/spec-items.test.ts checks it is what this script makes whenever the spec documents are at hand.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.join(import.meta.dirname, '..')

/** The spec documents whose items the project keeps. */
export const SPEC_DOCUMENTS = ['catalogue.md', 'portal-and-workflow.md'] as const
export type SpecDocument = (typeof SPEC_DOCUMENTS)[number]

/** The committed data file (beside docs/catalogue-coverage.md, whose tables it is compared with). */
export const SPEC_ITEMS_FILE = path.join(ROOT, 'docs/spec-items.json')

/** The folder of the spec documents that SPEC_DIR names (relative to the repository); null when it names none. */
export function specFolder(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.SPEC_DIR ? path.resolve(ROOT, env.SPEC_DIR) : null
}

/** Whether every spec document is in the folder. */
export function specDocumentsAt(folder: string): boolean {
  return SPEC_DOCUMENTS.every((name) => fs.existsSync(path.join(folder, name)))
}

/** The text between the first `from` and the next `to` ('' when the document has no `from`). */
function section(text: string, from: string, to: string): string {
  const start = text.indexOf(from)
  if (start < 0) return ''
  const end = text.indexOf(to, start + from.length)
  return text.slice(start, end < 0 ? undefined : end)
}

/** The addresses §2 of a spec document names (a trailing bracket is the prose's). */
export function specAddresses(markdown: string): string[] {
  const tokens = section(markdown, '## 2.', '## 3.').match(/(?<![\w.])\/[A-Za-z0-9_\-{}|()/]*/g) ?? []
  // `/monitoring/` and `/{id}` are tails the prose appends to an address named before, not addresses of their own.
  return [...new Set(tokens.map((token) => token.replace(/\)+$/, '')))].filter((token) => token !== '/monitoring/' && token !== '/{id}')
}

/** The API endpoints §7 of a spec document names. */
export function specEndpoints(markdown: string): string[] {
  return [...new Set(section(markdown, '## 7.', '## 8.').match(/\/(?:api\/v1|auth)\/[A-Za-z0-9_\-{}/]*/g) ?? [])]
}

/** The texts a spec document quotes in single quotes that hold a Russian letter (the UI texts to use exactly). */
export function specQuotedTexts(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/'([^']*[А-Яа-яЁё][^']*)'/g)].map(([, text]) => text))]
}

/** The heading of the points list of each point kind (catalogue.md §2.3). */
export function specPointListHeadings(markdown: string): Array<{ kind: string; heading: string }> {
  const list = section(markdown, 'Heading of the points list by kind_point:', '- The ')
  return [...list.matchAll(/^\s+- ([a-z_]+): (.+)$/gm)].map(([, kind, heading]) => ({ kind, heading: heading.trim() }))
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

/** Words of a §7 query or payload cell that are prose, not parameter names. */
const PROSE_WORDS = new Set(
  'a also an and as back by categories comma custom data download each fall field fields filter for form from header hidden id info kinds legacy list lists measure multipart no none not of on optional or other page per point polygon query reference same templates the to true consideration user when with body is'.split(' '),
)

/** The endpoints of a path cell: full paths, and the shorthand after the first (`-flora-indicators/`, `snow-cover-reports/`). */
function endpointsOf(cell: string): string[] {
  const full: string[] = cell.match(/\/(?:api\/v1|auth)\/[A-Za-z0-9_\-{}/]*/g) ?? []
  const first = full[0]
  if (first === undefined) return []
  const family = /^\/api\/v1\/([a-z]+)-/.exec(first)?.[1]
  const rest = cell.slice(cell.indexOf(first) + first.length).replace(/\([^)]*\)/g, '')
  const short = [...rest.matchAll(/(?:^|[\s,])(-?[a-z][a-z0-9-]*\/)(?=[\s,]|$)/g)].map((m) => (m[1].startsWith('-') ? `/api/v1/${family}${m[1]}` : `/api/v1/${m[1]}`))
  return [...new Set([...full, ...short])]
}

/**
 * The rows of the §7 table of a spec document: the method (GET unless the row says otherwise), its endpoints, and the
 * parameters its query or payload cell names (lower-case words with underscores allowed, not prose; a parenthesis is
 * read only when it offers another parameter, as '(or area for polygon legacy lists)').
 */
export function specEndpointParameters(markdown: string): Array<{ method: string; endpoints: string[]; parameters: string[] }> {
  const section = markdown.slice(markdown.indexOf('## 7.'), markdown.indexOf('## 8.'))
  const rows: Array<{ method: string; endpoints: string[]; parameters: string[] }> = []
  for (const line of section.split('\n').filter((l) => l.startsWith('| ') && /\/(api|auth)\//.test(l))) {
    const cells = line.split('|').map((c) => c.trim()).filter(Boolean)
    const at = cells.findIndex((c) => /\/(api|auth)\//.test(c))
    const method = at > 0 ? cells[0] : /^(DELETE|POST|PUT) /.exec(cells[at])?.[1] ?? 'GET'
    const query = (cells[at + 1] ?? '').replace(/measure point/g, 'measures_point').replace(/\((?!or )[^)]*\)/g, '').replace(/(?<=[.:]\s|^)[A-Z][^.:]*[.:]/g, '')
    const words: string[] = query.match(/(?<![A-Za-z0-9_-])[a-z][a-z0-9]*(?:_{1,2}[a-z0-9]+)*(?![A-Za-z0-9-])/g) ?? []
    let parameters = [...new Set(words.filter((w) => !PROSE_WORDS.has(w)))]
    // 'same fields' (with company): the fields of the row above, the company in place of the area.
    if (words.includes('same')) {
      const above = rows.at(-1)?.parameters ?? []
      parameters = parameters.includes('company') ? [...above.filter((p) => p !== 'area'), 'company'] : [...above, ...parameters]
    }
    rows.push({ method, endpoints: endpointsOf(cells[at]), parameters })
  }
  return rows
}

/** The rules of §6 of a spec document, sentence by sentence, each with whom it is about (the table's group, or '—'). */
export function specRoleRules(markdown: string): Array<{ who: string; rule: string }> {
  const section = markdown.slice(markdown.indexOf('## 6.'), markdown.indexOf('## 7.'))
  const rules: Array<{ who: string; rule: string }> = []
  const sentences = (text: string) => text.split(/(?<=\.)\s+(?=[A-Z'])/).map((s) => s.trim()).filter(Boolean)
  for (const line of section.split('\n')) {
    const row = /^\| ([^|]+) \| ([^|]+) \|$/.exec(line)
    if (row && row[1] !== 'Group' && !row[1].startsWith('---')) for (const rule of sentences(row[2])) rules.push({ who: row[1].trim(), rule })
    const bullet = /^- (.*)$/.exec(line)
    if (bullet) for (const rule of sentences(bullet[1])) rules.push({ who: '—', rule })
  }
  return rules
}

/**
 * The route names §2 of a spec document gives: the lists after 'Route names:', 'Routes' and 'routes by kind:', the
 * 'Lists:' sentences and the 'Also' after the point detail routes, 'route x', a name alone in brackets, and the first column of the
 * core routes table. A leading hyphen repeats the previous name's stem ('regional-measures-point-geochemical,
 * -hydrological'); '(-list)' gives both names.
 */
export function specRouteNames(markdown: string): string[] {
  const section = markdown.slice(markdown.indexOf('## 2.'), markdown.indexOf('## 3.')).replace(/'[^']*'/g, '')
  const lists: string[] = []
  for (const line of section.split('\n')) {
    const row = /^\| ([^|]+) \| [^|]+ \|$/.exec(line)
    if (row && !['Route', '---'].includes(row[1].trim())) lists.push(row[1])
    for (const [, list] of line.matchAll(/(?:Route names|Routes|routes by kind|Lists):?\s+([^.;]+)/g)) lists.push(list)
    // 'Also' continues a sentence of route names only on the point detail routes' line.
    if (line.includes('routes by kind')) for (const [, list] of line.matchAll(/Also ([^.;]+)/g)) lists.push(list)
    for (const [, name] of line.matchAll(/\broute ([a-z]+(?:-[a-z]+)+)/g)) lists.push(name)
    for (const [, name] of line.matchAll(/\(([a-z]+(?:-[a-z]+)+)\)/g)) lists.push(name)
  }
  const names: string[] = []
  for (const list of lists) {
    let previous = ''
    for (let item of list.replace(/\((?!-)[^)]*\)/g, '').split(',')) {
      item = item.trim().replace(/ and similar$/, '')
      if (!/^-?[A-Za-z][A-Za-z0-9-]*(\*-[a-z]+)?(\(-list\))?$/.test(item)) continue
      if (item.startsWith('-')) item = previous.slice(0, previous.lastIndexOf('-')) + item
      previous = item
      if (item.endsWith('(-list)')) names.push(item.slice(0, -7), `${item.slice(0, -7)}-list`)
      else names.push(item)
    }
  }
  return [...new Set(names)]
}

/** The constants of §9 of a spec document, sentence by sentence (each bullet split after its full stops). */
export function specConstants(markdown: string): string[] {
  const start = markdown.indexOf('## 9.')
  const end = markdown.indexOf('\n## ', start + 3)
  const section = markdown.slice(start, end < 0 ? undefined : end)
  return [...section.matchAll(/^- (.*)$/gm)].flatMap(([, bullet]) => bullet.split(/(?<=\.)\s+(?=[A-Z'])/).map((s) => s.trim()).filter(Boolean))
}

/**
 * The UI words a spec document gives without quotes: the navigation items after 'Its items are:' (a bracket is a
 * note, not an item), the item it calls hidden ('The item X is hidden'), and the pair of a boolean ('boolean (Да/Нет)').
 */
export function specUnquotedWords(markdown: string): Array<{ word: string; kind: 'navigation' | 'hidden' | 'boolean' }> {
  const words: Array<{ word: string; kind: 'navigation' | 'hidden' | 'boolean' }> = []
  for (const [, list] of markdown.matchAll(/Its items are: ([^.]+)\./g)) for (const item of topLevelItems(list.replace(/\([^)]*\)/g, ''))) words.push({ word: item, kind: 'navigation' })
  for (const [, item] of markdown.matchAll(/The item (\S+) is hidden/g)) words.push({ word: item, kind: 'hidden' })
  for (const [, pair] of markdown.matchAll(/boolean \(([^)]+)\)/g)) for (const item of pair.split('/')) words.push({ word: item.trim(), kind: 'boolean' })
  return words
}

/** The items of one spec document that the tests compare the project with. */
export interface SpecItems {
  addresses: string[]
  routeNames: string[]
  pointListHeadings: Array<{ kind: string; heading: string }>
  fieldItems: Array<{ entity: string; item: string }>
  roleRules: Array<{ who: string; rule: string }>
  endpoints: string[]
  endpointParameters: Array<{ method: string; endpoints: string[]; parameters: string[] }>
  constants: string[]
  quotedTexts: string[]
  unquotedWords: Array<{ word: string; kind: 'navigation' | 'hidden' | 'boolean' }>
}

export function specItemsOf(markdown: string): SpecItems {
  return {
    addresses: specAddresses(markdown),
    routeNames: specRouteNames(markdown),
    pointListHeadings: specPointListHeadings(markdown),
    fieldItems: specFieldItems(markdown),
    roleRules: specRoleRules(markdown),
    endpoints: specEndpoints(markdown),
    endpointParameters: specEndpointParameters(markdown),
    constants: specConstants(markdown),
    quotedTexts: specQuotedTexts(markdown),
    unquotedWords: specUnquotedWords(markdown),
  }
}

interface SpecItemsFile {
  madeBy: string
  documents: Record<SpecDocument, SpecItems>
}

/** The text of the data file as the spec documents in the folder make it. */
export function specItemsText(folder: string): string {
  const file: SpecItemsFile = {
    madeBy: 'npm run spec:items (scripts/spec-items.ts) from the spec documents; do not edit by hand',
    documents: Object.fromEntries(SPEC_DOCUMENTS.map((name) => [name, specItemsOf(fs.readFileSync(path.join(folder, name), 'utf8'))])) as Record<SpecDocument, SpecItems>,
  }
  return `${JSON.stringify(file, null, 2)}\n`
}

let committed: SpecItemsFile | undefined

/** The committed items of a spec document (a name that is not one of the documents is an error, not an empty list). */
export function specItems(name: string): SpecItems {
  committed ??= JSON.parse(fs.readFileSync(SPEC_ITEMS_FILE, 'utf8')) as SpecItemsFile
  if (!(SPEC_DOCUMENTS as readonly string[]).includes(name)) throw new Error(`no spec document ${name}`)
  return committed.documents[name as SpecDocument]
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const folder = specFolder()
  if (folder === null || !specDocumentsAt(folder)) {
    console.error(`No spec documents (${SPEC_DOCUMENTS.join(', ')}) ${folder === null ? 'named' : `in ${folder}`}: set SPEC_DIR to their folder.`)
    process.exit(1)
  }
  fs.writeFileSync(SPEC_ITEMS_FILE, specItemsText(folder))
  const items = JSON.parse(fs.readFileSync(SPEC_ITEMS_FILE, 'utf8')) as SpecItemsFile
  for (const name of SPEC_DOCUMENTS) {
    console.log(`${name}: ${Object.entries(items.documents[name]).map(([kind, list]) => `${list.length} ${kind}`).join(', ')}`)
  }
  console.log(`Written ${path.relative(ROOT, SPEC_ITEMS_FILE)} from ${folder}.`)
}
