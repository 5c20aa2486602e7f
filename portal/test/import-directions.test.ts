// The packages depend in one direction: each source file's imports are read with the TypeScript compiler and
// checked against the rules below. A known offender is listed by file name; the lists may only shrink.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Where each workspace's `@portal/<name>/…` imports point. */
const WORKSPACES: Record<string, string> = {
  migrations: 'migrations/src',
  'workflow-service': 'workflow-service/src',
  workers: 'workers/src',
  'remix-app': 'remix-app/app',
}

interface Import {
  /** A project file (relative to the root, with its extension) or a bare package name. */
  target: string
  typeOnly: boolean
}

function sourceFiles(folder: string): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'build') walk(rel)
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(rel)
    }
  }
  walk(folder)
  return found
}

function resolve(from: string, specifier: string): string {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
  const workspace = /^@portal\/([^/]+)\/(.+)$/.exec(specifier)
  if (workspace && WORKSPACES[workspace[1]]) return `${WORKSPACES[workspace[1]]}/${workspace[2]}`
  // A bare package: its name (with the scope), not the path inside it.
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

const cache = new Map<string, Import[]>()

/** The imports and re-exports of one file; an import whose every name is a type is type-only. */
function importsOf(file: string): Import[] {
  const known = cache.get(file)
  if (known) return known
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, false)
  const found: Import[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((n) => n.isTypeOnly)))
      found.push({ target: resolve(file, node.moduleSpecifier.text), typeOnly })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ target: resolve(file, node.moduleSpecifier.text), typeOnly: node.isTypeOnly })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      found.push({ target: resolve(file, (node.arguments[0] as ts.StringLiteral).text), typeOnly: false })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  cache.set(file, found)
  return found
}

const isProjectFile = (target: string) => /\.tsx?$/.test(target)

/** Files that import a forbidden target, directly or (transitive) through the project files they run. */
function offenders(files: string[], forbidden: (target: string) => boolean, options: { transitive: boolean; types: boolean }): Map<string, string> {
  const result = new Map<string, string>()
  for (const file of files) {
    const seen = new Set<string>([file])
    const queue = [file]
    while (queue.length > 0) {
      const current = queue.shift()!
      for (const { target, typeOnly } of importsOf(current)) {
        if (typeOnly && !options.types) continue
        if (forbidden(target)) {
          result.set(file, current === file ? target : `${target} (through ${current})`)
          queue.length = 0
          break
        }
        if (options.transitive && isProjectFile(target) && !seen.has(target)) {
          seen.add(target)
          queue.push(target)
        }
      }
    }
  }
  return result
}

const byFileName = (found: Map<string, string>) => [...found.keys()].map((f) => path.posix.basename(f)).sort()

/** Remix files that reach the database themselves: none (pages call use-cases); a new one fails the test. */
const REMIX_DATABASE_ALLOWED: string[] = []

/** API route files that read the database themselves: none (each calls its use-case); a new one fails the test. */
const API_DATABASE_ALLOWED: string[] = []

/** The places a file reads a `db` property (the Fastify app's database handle, `app.db`), with their line numbers. */
function databaseHandlesOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'db') found.push(`${node.getText(source)} (line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Domain files that reach HTTP code: none (refusals are plain values, answered at the edge). */
const DOMAIN_HTTP_ALLOWED: string[] = []

describe('package directions', () => {
  it('keeps workflow-service free of imports from workers', () => {
    const found = offenders(sourceFiles('workflow-service/src'), (t) => t.startsWith('workers/'), { transitive: false, types: true })
    expect(Object.fromEntries(found)).toEqual({})
  })

  it('keeps workers free of imports from the web pages and the composition root', () => {
    const found = offenders(sourceFiles('workers/src'), (t) => t.startsWith('remix-app/') || t.startsWith('portal/'), { transitive: false, types: true })
    expect(Object.fromEntries(found)).toEqual({})
  })

  it('keeps remix pages away from the database: no kysely, pg or database modules beyond the shrinking list', () => {
    const database = (t: string) =>
      t === 'kysely' || t === 'pg' || t === 'pg-boss' || t.startsWith('workflow-service/src/db/') || t.startsWith('migrations/src/')
    const found = offenders(sourceFiles('remix-app/app'), database, { transitive: false, types: true })
    // A new offender fails here; so does a listed file that no longer offends (take it off the list).
    expect(byFileName(found)).toEqual([...REMIX_DATABASE_ALLOWED].sort())
  })

  it('keeps the API routes and the login routes away from the database: they parse, call a use-case and shape the answer', () => {
    // The login and logout of /auth/ are a door like the pages' login: both go through the accounts use-cases.
    const routes = sourceFiles('workflow-service/src/routes')
    expect(routes.length).toBeGreaterThan(10)
    // A type of the database's interface (a report type's name) is a word of the contract, not a database read.
    const database = (t: string) => t === 'kysely' || t === 'pg' || t === 'pg-boss' || t.startsWith('workflow-service/src/db/') || t.startsWith('migrations/src/')
    const imports = offenders(routes, database, { transitive: false, types: false })
    const handles = new Map(routes.map((file) => [file, databaseHandlesOf(file).join(', ')] as const).filter(([, found]) => found !== ''))
    expect(byFileName(new Map([...imports, ...handles]))).toEqual([...API_DATABASE_ALLOWED].sort())
  })

  it('keeps the domain (decide, evolve, events, machines) free of Fastify and HTTP, whatever it imports on the way', () => {
    const domain = sourceFiles('workflow-service/src/workflow').filter((f) => /(-decide|-events|-machine|refusal|\/decide\/[^/]+)\.ts$/.test(f))
    expect(domain.length).toBeGreaterThan(5)
    const http = (t: string) =>
      t === 'fastify' ||
      t.startsWith('@fastify/') ||
      t.startsWith('@remix-run/') ||
      t === 'kysely' ||
      t === 'pg' ||
      /^workflow-service\/src\/(plugins|routes|http|db)\//.test(t)
    const found = offenders(domain, http, { transitive: true, types: false })
    expect(byFileName(found)).toEqual([...DOMAIN_HTTP_ALLOWED].sort())
  })

  it('lets nothing but the composition root and its tests reach into both sides', () => {
    const found = offenders(
      [...sourceFiles('workflow-service/src'), ...sourceFiles('workers/src'), ...sourceFiles('remix-app/app'), ...sourceFiles('migrations/src')],
      (t) => t.startsWith('portal/'),
      { transitive: false, types: true },
    )
    expect(Object.fromEntries(found)).toEqual({})
  })
})
