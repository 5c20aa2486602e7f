// The packages depend in one direction: each source file's imports are read with the TypeScript compiler and
// checked against the rules below. A known offender is listed by file name; the lists may only shrink.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { importsOf, offenders, root, sourceFiles } from './support/import-graph.ts'

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

/**
 * The service's three packages, lowest first: an arrow may only point down this list. Each is entered only through
 * its doors (its package.json `exports`), by the other two and by everything outside the service alike.
 */
const SERVICE_PACKAGES = [
  { name: 'platform', doors: ['database.server.ts', 'secrets.server.ts', 'logs.ts', 'faults.ts', 'project-root.ts'] },
  { name: 'domain', doors: ['registry.ts', 'views.ts', 'ports.ts', 'use-cases.server.ts', 'commands.server.ts'] },
  { name: 'server', doors: ['service.server.ts', 'cookies.server.ts'] },
] as const
type ServicePackage = (typeof SERVICE_PACKAGES)[number]
const sourcesOf = (pkg: ServicePackage) => `workflow-service/${pkg.name}/src`
const doorsOf = (pkg: ServicePackage) => new Set(pkg.doors.map((door) => `${sourcesOf(pkg)}/${door}`))
/** The index of the package a file belongs to (0 the platform, 2 the server), or -1 outside the service. */
const packageOf = (file: string) => SERVICE_PACKAGES.findIndex((pkg) => file.startsWith(`${sourcesOf(pkg)}/`))
const serviceSources = () => SERVICE_PACKAGES.flatMap((pkg) => sourceFiles(sourcesOf(pkg)))

/** The doors a page's browser code may import: nothing they run may be a server-only module. */
const BROWSER_DOORS = ['workflow-service/domain/src/registry.ts', 'workflow-service/domain/src/views.ts', 'workflow-service/platform/src/faults.ts']

/** Every source file outside the service: the other packages with their tests, the browser tests, the tools. */
const outsideTheService = () =>
  ['remix-app/app', 'remix-app/test', 'workers/src', 'workers/test', 'portal/src', 'portal/test', 'migrations/src', 'migrations/test', 'test-support', 'e2e', 'bench', 'cluster']
    .filter((folder) => existsSync(path.join(root, folder)))
    .flatMap(sourceFiles)
    .concat(readdirSync(path.join(root, 'scripts')).filter((f) => f.endsWith('.ts')).map((f) => `scripts/${f}`))

describe('a front door per package', () => {
  it("lets other packages, their tests and the tools import the service only through its packages' doors", () => {
    const files = outsideTheService()
    expect(files.length).toBeGreaterThan(200)
    const doors = new Set(SERVICE_PACKAGES.flatMap((pkg) => [...doorsOf(pkg)]))
    const found = offenders(files, (t) => packageOf(t) >= 0 && !doors.has(t), { transitive: false, types: true })
    expect(Object.fromEntries(found)).toEqual({})
  })

  it("lets each of the service's packages reach the others only through their doors", () => {
    for (const pkg of SERVICE_PACKAGES) {
      const others = SERVICE_PACKAGES.filter((other) => other !== pkg)
      const found = offenders(
        sourceFiles(sourcesOf(pkg)),
        (t) => others.some((other) => t.startsWith(`${sourcesOf(other)}/`) && !doorsOf(other).has(t)),
        { transitive: false, types: true },
      )
      expect({ [pkg.name]: Object.fromEntries(found) }).toEqual({ [pkg.name]: {} })
    }
  })

  it('declares exactly those doors in each package, so a deeper import does not even resolve', () => {
    for (const pkg of SERVICE_PACKAGES) {
      const manifest = JSON.parse(readFileSync(path.join(root, `workflow-service/${pkg.name}/package.json`), 'utf8')) as { name: string; exports: Record<string, string> }
      expect(manifest.name).toBe(`@portal/workflow-${pkg.name}`)
      expect(manifest.exports).toEqual(Object.fromEntries(pkg.doors.map((door) => [`./${door}`, `./src/${door}`])))
    }
  })

  it('names what each door lets through: no door passes a whole module on with `export *`', () => {
    const wholesale = SERVICE_PACKAGES.flatMap((pkg) => [...doorsOf(pkg)]).filter((door) => /^export \* from /m.test(readFileSync(path.join(root, door), 'utf8')))
    expect(wholesale).toEqual([])
  })

  it("lets the other packages, the tests and the tools import the workers only through their door", () => {
    const files = outsideTheService().filter((f) => !f.startsWith('workers/')).concat(serviceSources(), sourceFiles('workflow-service/test'))
    const found = offenders(files, (t) => t.startsWith('workers/src/') && t !== 'workers/src/workers.server.ts', { transitive: false, types: true })
    expect(Object.fromEntries(found)).toEqual({})
    const manifest = JSON.parse(readFileSync(path.join(root, 'workers/package.json'), 'utf8')) as { exports: Record<string, string> }
    expect(manifest.exports).toEqual({ './workers.server.ts': './src/workers.server.ts' })
  })

  it('keeps the browser doors free of server-only modules, whatever they run on the way', () => {
    const found = offenders(
      BROWSER_DOORS,
      (t) => /\.server\.tsx?$/.test(t) || t === 'kysely' || t === 'pg' || t === 'fastify',
      { transitive: true, types: false },
    )
    expect(Object.fromEntries(found)).toEqual({})
  })
})

describe('package directions', () => {
  it("keeps the service's packages in one direction: the server above the domain above the platform, no arrow up", () => {
    const up = serviceSources().flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => packageOf(target) > packageOf(file))
        .map(({ target }) => `${file} -> ${target}`),
    )
    expect(up).toEqual([])
  })

  it('keeps workflow-service free of imports from workers', () => {
    const found = offenders(serviceSources(), (t) => t.startsWith('workers/'), { transitive: false, types: true })
    expect(Object.fromEntries(found)).toEqual({})
  })

  it('keeps migrations free of the service: the schema stands below everything that reads it', () => {
    const found = offenders(sourceFiles('migrations/src'), (t) => t.startsWith('workflow-service/') || t.startsWith('workers/') || t.startsWith('portal/'), { transitive: false, types: true })
    expect(Object.fromEntries(found)).toEqual({})
  })

  it("keeps the service's tests away from the packages above it: they compose an app through the shared test support", () => {
    const found = offenders(sourceFiles('workflow-service/test'), (t) => /^(workers|portal|remix-app)\//.test(t), { transitive: false, types: true })
    expect(Object.fromEntries(found)).toEqual({})
  })

  it('keeps workers free of imports from the web pages and the composition root', () => {
    const found = offenders(sourceFiles('workers/src'), (t) => t.startsWith('remix-app/') || t.startsWith('portal/'), { transitive: false, types: true })
    expect(Object.fromEntries(found)).toEqual({})
  })

  it('keeps remix pages away from the database: no kysely, pg or database modules beyond the shrinking list', () => {
    const database = (t: string) =>
      t === 'kysely' || t === 'pg' || t === 'pg-boss' || t.startsWith('workflow-service/platform/src/db/') || t === 'workflow-service/platform/src/database.server.ts' || t.startsWith('migrations/src/')
    const found = offenders(sourceFiles('remix-app/app'), database, { transitive: false, types: true })
    // A new offender fails here; so does a listed file that no longer offends (take it off the list).
    expect(byFileName(found)).toEqual([...REMIX_DATABASE_ALLOWED].sort())
  })

  it('keeps the API routes and the login routes away from the database: they parse, call a use-case and shape the answer', () => {
    // The login and logout of /auth/ are a door like the pages' login: both go through the accounts use-cases.
    const routes = sourceFiles('workflow-service/server/src/routes')
    expect(routes.length).toBeGreaterThan(10)
    // A type of the database's interface (a report type's name) is a word of the contract, not a database read.
    const database = (t: string) => t === 'kysely' || t === 'pg' || t === 'pg-boss' || t.startsWith('workflow-service/platform/src/db/') || t === 'workflow-service/platform/src/database.server.ts' || t.startsWith('migrations/src/')
    const imports = offenders(routes, database, { transitive: false, types: false })
    const handles = new Map(routes.map((file) => [file, databaseHandlesOf(file).join(', ')] as const).filter(([, found]) => found !== ''))
    expect(byFileName(new Map([...imports, ...handles]))).toEqual([...API_DATABASE_ALLOWED].sort())
  })

  it('keeps the domain (decide, evolve, events, machines) free of Fastify and HTTP, whatever it imports on the way', () => {
    const domain = sourceFiles('workflow-service/domain/src/workflow').filter((f) => /(-decide|-events|-machine|refusal|\/decide\/[^/]+)\.ts$/.test(f))
    expect(domain.length).toBeGreaterThan(5)
    const http = (t: string) =>
      t === 'fastify' ||
      t.startsWith('@fastify/') ||
      t.startsWith('@remix-run/') ||
      t === 'kysely' ||
      t === 'pg' ||
      t.startsWith('workflow-service/server/') ||
      t.startsWith('workflow-service/platform/src/db/') ||
      t === 'workflow-service/platform/src/database.server.ts'
    const found = offenders(domain, http, { transitive: true, types: false })
    expect(byFileName(found)).toEqual([...DOMAIN_HTTP_ALLOWED].sort())
  })

  it('lets nothing but the composition root and its tests reach into both sides', () => {
    const found = offenders(
      [...serviceSources(), ...sourceFiles('workers/src'), ...sourceFiles('remix-app/app'), ...sourceFiles('migrations/src')],
      (t) => t.startsWith('portal/'),
      { transitive: false, types: true },
    )
    expect(Object.fromEntries(found)).toEqual({})
  })
})

describe('the process that checks a file', () => {
  it('loads, before it reads its request, no database client, no command pipeline and no workbook or CSV reader', () => {
    // A process is started for every uploaded file: what its entry loads is paid on every upload, and each kind of
    // request loads its own reader when it comes.
    const heavy = (t: string) =>
      ['kysely', 'pg', 'exceljs', 'csv-parse', 'workflow-service/domain/src/commands.server.ts', 'workflow-service/server/src/service.server.ts', 'workflow-service/domain/src/use-cases.server.ts'].includes(t)
    const found = offenders(['workers/src/files/file-check-child.ts'], heavy, { transitive: true, types: false, dynamic: false })
    expect(Object.fromEntries(found)).toEqual({})
  })
})
