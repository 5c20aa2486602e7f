// The portal runs on the Node it declares, wherever it runs: the install brings that Node (the devDependency `node`),
// npm's scripts and every process they start run on it, the image is built on its line, and a start on an older Node
// stops with one line saying what is needed and how to get it (decision 3901).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { transformSync } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import { oldNodeMessage, REQUIRED_NODE_MAJOR } from '../src/required-node.ts'

const root = path.resolve(import.meta.dirname, '../..')
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string }
  devDependencies: Record<string, string>
}
const majorOf = (version: string) => Number(/(\d+)\./.exec(version)?.[1])
const systemNode = '/usr/bin/node'
const systemMajor = (() => {
  const run = spawnSync(systemNode, ['--version'], { encoding: 'utf8' })
  return run.status === 0 ? majorOf(run.stdout) : null
})()

describe('the declared Node', () => {
  it('is one line everywhere: engines, the node package the install brings, its types and the image', () => {
    expect(manifest.engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`)
    const brought = manifest.devDependencies.node
    expect(brought, 'an exact version, so every install runs the same Node').toMatch(/^\d+\.\d+\.\d+$/)
    expect(majorOf(brought)).toBe(REQUIRED_NODE_MAJOR)
    expect(majorOf(manifest.devDependencies['@types/node'].replace(/^\^/, ''))).toBe(REQUIRED_NODE_MAJOR)
    const images = [...readFileSync(path.join(root, 'Dockerfile'), 'utf8').matchAll(/^FROM node:(\d+)-/gm)].map((m) => Number(m[1]))
    expect(images).toEqual([REQUIRED_NODE_MAJOR, REQUIRED_NODE_MAJOR])
  })

  it('is the Node this test runs on, the one the install put first on the PATH', () => {
    console.log(`tests run on Node ${process.version} (${process.execPath})`)
    expect(process.version).toBe(`v${manifest.devDependencies.node}`)
    expect(process.execPath).toContain(path.join(root, 'node_modules'))
  })

  it('is the Node of a TypeScript command started as the tests start them (node --import tsx)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', 'process.stdout.write(process.version)'], { cwd: root, encoding: 'utf8' })
    expect(run.stdout).toBe(`v${manifest.devDependencies.node}`)
  })

  it('is the Node of an npm script and of what it starts', () => {
    // The script's own `node` is resolved through the PATH npm gives it, as `npm start` and `npm test` resolve theirs.
    const run = spawnSync('npm', ['exec', '--', 'node', '-p', 'process.version'], { cwd: root, encoding: 'utf8', env: { ...process.env, PATH: `/usr/bin:/bin:/usr/local/bin` } })
    expect(run.stdout.trim()).toBe(`v${manifest.devDependencies.node}`)
  })
})

describe('a start on an older Node', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-required-node-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('says in one line which Node is needed and how to get it, and lets a new enough one pass', () => {
    const line = oldNodeMessage('v20.20.2')!
    expect(line.split('\n')).toHaveLength(1)
    expect(line).toContain(`needs Node ${REQUIRED_NODE_MAJOR} or later and this is Node 20.20.2`)
    expect(line).toContain('npm start')
    expect(line).toContain('node_modules/.bin')
    expect(oldNodeMessage(`v${REQUIRED_NODE_MAJOR}.0.0`)).toBeNull()
    expect(oldNodeMessage(`v${REQUIRED_NODE_MAJOR + 2}.1.0`)).toBeNull()
  })

  it.skipIf(systemMajor === null || systemMajor >= REQUIRED_NODE_MAJOR)('stops the machine\'s own older Node with that line and exit code 1', () => {
    // The check as the build compiles it into every command (esbuild's inject), run by the system's Node.
    const source = readFileSync(path.join(root, 'portal/src/required-node.ts'), 'utf8')
    const file = path.join(folder, 'required-node.mjs')
    writeFileSync(file, transformSync(source, { loader: 'ts', format: 'esm' }).code)
    const run = spawnSync(systemNode, [file], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([oldNodeMessage(spawnSync(systemNode, ['--version'], { encoding: 'utf8' }).stdout.trim())])
  })
})
