// Refusals are values: a use-case returns why it refuses (`refused(…)`, the failing side of its outcome) instead of
// throwing it. A thrown refusal is left only where a transaction must roll back (handleCommand, the race it lost) and
// where the API's door hands an outcome to Fastify's error handler; this ratchet fails if the throws grow back.
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

/** Lower it when a throw goes; never raise it. */
const THROWN_REFUSALS_AT_MOST = 5

function thrownRefusals(): string[] {
  return sourceNames()
    .filter((file) => /\.tsx?$/.test(file) && file !== path.join('domain', 'src', 'workflow', 'refusal.ts'))
    .flatMap((file) =>
      readFileSync(path.join(service, file), 'utf8')
        .split('\n')
        .flatMap((line, at) => (/\brefuse\(|new CommandRefused\(/.test(line) ? [`${file}:${at + 1}`] : [])),
    )
}

describe('refusals thrown in the service', () => {
  it('stay at or below the number left after refusals became returned values', () => {
    const thrown = thrownRefusals()
    expect(thrown.length, thrown.join('\n')).toBeLessThanOrEqual(THROWN_REFUSALS_AT_MOST)
  })
})
