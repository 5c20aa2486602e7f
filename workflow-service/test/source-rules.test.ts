// Rules of the service's own source that the type checker does not enforce: casts that silence it stay rare, and a
// plugin that applies to the whole app says so through fastify-plugin rather than by setting its symbol.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const service = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The service's three packages' sources, each file named from the service's folder (`domain/src/…`). */
const sourceNames = () =>
  ['platform', 'domain', 'server'].flatMap((pkg) =>
    readdirSync(path.join(service, pkg, 'src'), { recursive: true, encoding: 'utf8' }).map((file) => path.join(pkg, 'src', file)),
  )

function sources(): Array<{ file: string; text: string }> {
  return sourceNames()
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(path.join(service, file), 'utf8') }))
}

describe("the service's source", () => {
  it('casts through unknown at most twice', () => {
    const casts = sources().flatMap(({ file, text }) => text.split('\n').flatMap((line, at) => (line.includes('as unknown as') ? [`${file}:${at + 1}`] : [])))
    expect(casts.length, casts.join('\n')).toBeLessThanOrEqual(2)
  })

  it('leaves the whole-app plugins to fastify-plugin instead of setting skip-override by hand', () => {
    const byHand = sources().filter(({ text }) => text.includes("Symbol.for('skip-override')"))
    expect(byHand.map(({ file }) => file)).toEqual([])
    const wrapped = sources().filter(({ text }) => /= fp\(\w+, \{ name: '/.test(text))
    expect(wrapped.length).toBeGreaterThanOrEqual(8)
  })
})
