// docs/architecture.md names files and folders in its text, its recipes and its diagrams; a file that moves or goes
// away must take the sentence with it. Every path the page names is looked up in the checkout: whole paths from the
// repository's root, the short ones the page writes inside a package (`vocabulary/refusal-answers.ts`, `app/routes.ts`)
// under the folders it writes them from. Each participant of a sequence diagram is a code name and the file that
// defines it, and the name must be in that file. The flowcharts are held against the imports: a box is the folders
// and files its label names, and a solid arrow says some file of one imports some file of the other, never back.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, sourceFiles } from './support/import-graph.ts'

const root = path.resolve(import.meta.dirname, '../..')
const page = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')

/** Where the page's short paths start: the repository, and the packages' source folders it writes from. */
const BASES = ['', 'docs/', 'test-support/', 'workflow-service/', 'workflow-service/platform/src/', 'workflow-service/domain/src/', 'workflow-service/server/src/', 'workflow-service/domain/src/workflow/', 'workflow-service/server/src/routes/api/', 'workflow-service/test/workflow/', 'remix-app/', 'remix-app/app/', 'workers/src/', 'portal/src/']

/** The service's packages' source folders, where the flowcharts' short paths stand. */
const SERVICE_SOURCES = ['workflow-service/platform/src', 'workflow-service/domain/src', 'workflow-service/server/src']

/** Named by the page but not in a checkout: the design card lives outside it, the rest is built. */
const NOT_IN_A_CHECKOUT = /^(DESIGN\.md|dist\/|build\/|assets\/|remix-app\/build\/)/

/** `a/{b,c}/` → `a/b/`, `a/c/`. */
function expand(named: string): string[] {
  const braces = /\{([^}]+)\}/.exec(named)
  if (!braces) return [named]
  return braces[1].split(',').flatMap((part) => expand(named.replace(braces[0], part)))
}

function namedPaths(): string[] {
  const quoted = [...page.matchAll(/`([^`\n]+)`/g)].map((m) => m[1])
  const diagrams = [...page.matchAll(/```mermaid\n([\s\S]*?)```/g)].flatMap((m) => [...m[1].matchAll(/[\w@.-]+(?:\/[\w@.-]+)*\.(?:tsx?|mjs|md|json)\b/g)].map((n) => n[0]))
  return [...new Set([...quoted, ...diagrams])]
    .filter((named) => /^[\w@.{},-]+(\/[\w@.{},-]*)*$/.test(named) && (named.includes('/') || /\.(tsx?|mjs|md|json|sh)$/.test(named)))
    .filter((named) => !named.startsWith('.') && !named.startsWith('@') && !NOT_IN_A_CHECKOUT.test(named))
    .flatMap(expand)
}

const exists = (named: string) => BASES.some((base) => existsSync(path.join(root, base, named)))

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const named = namedPaths()
    expect(named.length).toBeGreaterThan(80)
    expect(named.filter((n) => !exists(n))).toEqual([])
  })

  it('lists every feature folder of the pages', () => {
    const listed = /`app\/features\/\{([^}]+)\}\/`/.exec(page)?.[1].split(',')
    expect(listed).toEqual(readdirSync(path.join(root, 'remix-app/app/features')).sort())
  })

  it('draws each participant of a command\'s way with a name its file defines', () => {
    const participants = [...page.matchAll(/participant \w+ as .*?(\w+) \(([\w./-]+\.tsx?)\)/g)]
    expect(participants.length).toBeGreaterThanOrEqual(6)
    const wrong = participants.flatMap(([, name, file]) => {
      const found = BASES.map((base) => path.join(root, base, file)).find(existsSync)
      return found && new RegExp(`\\b${name}\\b`).test(readFileSync(found, 'utf8')) ? [] : [`${name} (${file})`]
    })
    expect(wrong).toEqual([])
  })

  it('draws in its flowcharts only imports that are there, and none runs against an arrow', () => {
    const charts = [...page.matchAll(/```mermaid\nflowchart[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1])
    expect(charts.length).toBeGreaterThanOrEqual(2)
    const problems: string[] = []
    let arrows = 0
    for (const chart of charts) {
      const boxes = new Map<string, string[]>()
      for (const [, id, label] of chart.matchAll(/^\s*(\w+)\["([^"]+)"\]/gm)) {
        const named = label.replace(/<br\/>/g, ' ').split(/[\s·(),]+/).filter((t) => /^[\w.-]+(\/|\.tsx?)$/.test(t))
        // A package is its source folder (its tests stand apart); a short path is under the service's sources.
        // A short path may stand in more than one of the service's packages (`auth/` has a domain and a server part).
        const under = (t: string): string[] => {
          if (t === 'workflow-service/') return SERVICE_SOURCES.map((src) => `${src}/`)
          if (!existsSync(path.join(root, t))) return SERVICE_SOURCES.map((src) => `${src}/${t}`).filter((p) => existsSync(path.join(root, p)))
          return [['src/', 'app/'].map((inner) => t + inner).find((inner) => t.endsWith('/') && existsSync(path.join(root, inner))) ?? t]
        }
        boxes.set(id, named.flatMap(under).flatMap((t) => (t.endsWith('/') ? sourceFiles(t.slice(0, -1)) : [t])))
      }
      const imports = (from: string, to: string) => {
        const targets = new Set(boxes.get(to))
        return boxes.get(from)!.some((file) => importsOf(file).some((i) => targets.has(i.target)))
      }
      for (const [, from, to] of chart.matchAll(/^\s*(\w+) --> (\w+)\s*$/gm)) {
        arrows++
        if (!boxes.get(from)?.length || !boxes.get(to)?.length) problems.push(`${from} --> ${to}: a box names no file`)
        else {
          if (!imports(from, to)) problems.push(`${from} --> ${to}: no such import`)
          if (imports(to, from)) problems.push(`${from} --> ${to}: ${to} imports ${from}`)
        }
      }
    }
    expect(arrows).toBeGreaterThan(15)
    expect(problems).toEqual([])
  })
})
