// A `pg` pool re-emits an error of an idle connection (the server restarted, the database was dropped) as its own
// 'error' event; with no listener, Node throws it as an uncaught exception, which ends a process and fails a whole
// test run even though every test passed (stop 43's CI: a test's pool ended, then its database was dropped with the
// connection still closing). So every pool the project opens, in its code, tests and bench, listens for errors.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { root, sourceFiles } from './support/import-graph.ts'

const FOLDERS = ['workflow-service', 'workers', 'remix-app', 'portal', 'migrations', 'bench', 'test-support', 'e2e', 'cluster']

/** Each `new pg.Pool(` of a file that is not assigned to a name which then listens for 'error', as `file:line`. */
function deafPools(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8')
  const found: string[] = []
  for (const match of text.matchAll(/new (?:pg\.)?Pool\(/g)) {
    const before = text.slice(0, match.index)
    const line = before.split('\n').length
    const name = /(?:const|let)\s+(\w+)\s*=\s*$/.exec(before)?.[1]
    const listens = name !== undefined && new RegExp(`\\b${name}\\.on\\('error'`).test(text.slice(match.index))
    if (!listens) found.push(`${file}:${line}`)
  }
  return found
}

describe('database pools', () => {
  it('each listen for the errors of their idle connections, so a dropped connection is never an uncaught exception', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(folder)).filter((file) => file !== 'portal/test/pool-errors.test.ts')
    const pools = files.filter((file) => /new (?:pg\.)?Pool\(/.test(readFileSync(path.join(root, file), 'utf8')))
    // The finder finds: the product's own pools are among the files read.
    expect(pools).toContain('workflow-service/platform/src/db/connect.server.ts')
    expect(pools.flatMap(deafPools)).toEqual([])
  })
})
