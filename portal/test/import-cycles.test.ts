// No import circles: files that import each other in a loop cannot be read, tested or moved one at a time, and a
// loop between folders says two parts are one. The graph is the compiler's reading of every import (type-only
// imports too: a loop of types still ties the files), walked with Tarjan's strongly connected components.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, isProjectFile, sourceFiles } from './support/import-graph.ts'

/** The groups of nodes that reach each other, of two or more members, each sorted, sorted by first member. */
export function circlesOf(nodes: string[], edgesOf: (node: string) => string[]): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next++
    stack.push(node)
    onStack.add(node)
    for (const target of edgesOf(node)) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!))
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1) found.push(group.sort())
    }
  }
  for (const node of nodes) if (!index.has(node)) visit(node)
  return found.sort((a, b) => a[0].localeCompare(b[0]))
}

const PACKAGES = ['migrations/src', 'workflow-service/platform/src', 'workflow-service/domain/src', 'workflow-service/server/src', 'workers/src', 'remix-app/app', 'portal/src']

const files = PACKAGES.flatMap(sourceFiles)
const known = new Set(files)
const fileEdges = (file: string) => [...new Set(importsOf(file).map((i) => i.target).filter((t) => isProjectFile(t) && known.has(t)))]

/** A file's folder: its package and the first folder inside (a page feature's own folder); a package's top file is its own. */
function folderOf(file: string): string {
  const base = PACKAGES.find((p) => file.startsWith(`${p}/`))!
  const inside = file.slice(base.length + 1).split('/')
  if (inside.length === 1) return file
  const depth = inside[0] === 'features' && inside.length > 2 ? 2 : 1
  return `${base}/${inside.slice(0, depth).join('/')}`
}

const folderEdges = (folder: string) => [
  ...new Set(files.filter((f) => folderOf(f) === folder).flatMap(fileEdges).map(folderOf).filter((f) => f !== folder)),
]

describe('import circles', () => {
  it('are found where there is one, and only there', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'], f: ['d'] }
    expect(circlesOf(Object.keys(graph), (n) => graph[n])).toEqual([['a', 'b', 'c']])
  })

  it('tie no files of the packages together', () => {
    expect(files.length).toBeGreaterThan(400)
    expect(circlesOf(files, fileEdges)).toEqual(FILE_CIRCLES_LEFT)
  })

  it('tie no two folders of the packages to each other', () => {
    const folders = [...new Set(files.map(folderOf))]
    const pairs = folders.flatMap((a) => folderEdges(a).filter((b) => a < b && folderEdges(b).includes(a)).map((b) => `${a} ⇄ ${b}`))
    expect(pairs.sort()).toEqual(FOLDER_PAIRS_LEFT)
  })
})

/**
 * Circles still open, each as its files: none. A stream's state type lives in its own `*-state.ts` (decide and event
 * table both import it), the history's codes in `audit-event.ts` (the event tables name them, the labels read the
 * tables) and the stream use-cases take `WorkflowServices` from `ports/workflow-services.ts`, not from the module that
 * gathers them. The list may only shrink: it is empty and stays so.
 */
const FILE_CIRCLES_LEFT: string[][] = []

/**
 * Folders that still import each other: none, and the list stays empty. The last two pairs went through the command
 * pipeline (`workflow/handle-command.server.ts`), which now is handed what it does with a command's events instead of
 * importing it: the rows by the stream's decider (its event table), the notices by the command's context (the
 * notifications' writer, put there by the use-cases); every stream's table is gathered above the streams' folders, in
 * `all-streams/event-tables.ts`, with the replay and the as-of view that read them all (decision 2741).
 */
const FOLDER_PAIRS_LEFT: string[] = []
