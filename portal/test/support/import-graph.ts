// The project's import graph as the TypeScript compiler reads it: each file's imports and re-exports, resolved to
// project files (`@portal/<workspace>/…` and relative paths) or bare package names. Shared by the direction and the
// cycle tests.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** Where each workspace's `@portal/<name>/…` imports point. */
const WORKSPACES: Record<string, string> = {
  migrations: 'migrations/src',
  'workflow-platform': 'workflow-service/platform/src',
  'workflow-domain': 'workflow-service/domain/src',
  'workflow-server': 'workflow-service/server/src',
  workers: 'workers/src',
  'remix-app': 'remix-app/app',
}

export interface Import {
  /** A project file (relative to the root, with its extension) or a bare package name. */
  target: string
  typeOnly: boolean
  /** An `import()` call: run when the code asks for it, not when the file is loaded. */
  dynamic?: true
}

export function sourceFiles(folder: string): string[] {
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
export function importsOf(file: string): Import[] {
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
      found.push({ target: resolve(file, (node.arguments[0] as ts.StringLiteral).text), typeOnly: false, dynamic: true })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  cache.set(file, found)
  return found
}

export const isProjectFile = (target: string) => /\.tsx?$/.test(target)

/** Files that import a forbidden target, directly or (transitive) through the project files they run. */
export function offenders(files: string[], forbidden: (target: string) => boolean, options: { transitive: boolean; types: boolean; dynamic?: boolean }): Map<string, string> {
  const result = new Map<string, string>()
  for (const file of files) {
    const seen = new Set<string>([file])
    const queue = [file]
    while (queue.length > 0) {
      const current = queue.shift()!
      for (const { target, typeOnly, dynamic } of importsOf(current)) {
        if (typeOnly && !options.types) continue
        if (dynamic && options.dynamic === false) continue
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
