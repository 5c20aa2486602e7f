// docker-compose.yml validates against the Compose Specification's JSON schema (the official compose-spec.json, as
// the compose linter dclint ships it), and, where Debian's docker-compose is installed, with `docker-compose config`.
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = path.resolve(import.meta.dirname, '../../..')
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')
// dclint's package exports only its code: the schema is read from its folder.
const schemaFile = path.join(root, 'node_modules/dclint/schemas/compose.schema.json')
const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as object

// Compose merges `<<:` keys before it validates; the schema describes the merged file.
const load = (text: string) => parse(text, { merge: true }) as Record<string, any>
// The file names its meta-schema by an https address ajv does not know; it is draft-07, ajv's default.
const { $schema: _metaSchema, ...schemaBody } = schema as { $schema?: string }
const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(schemaBody)
const errorsOf = (document: unknown) => (validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`))

describe('docker-compose.yml against the Compose Specification', () => {
  it('is the official schema', () => {
    expect(schema).toMatchObject({ $id: 'compose_spec.json', title: 'Compose Specification' })
  })

  it('validates', () => {
    expect(errorsOf(load(composeText))).toEqual([])
  })

  it('would catch a misspelled key, a wrong depends_on condition and a healthcheck of the wrong shape', () => {
    const misspelled = load(composeText)
    misspelled.services.web.healtcheck = misspelled.services.web.healthcheck
    expect(errorsOf(misspelled).join('\n')).toContain('/services/web must NOT have additional properties')

    const condition = load(composeText)
    condition.services.worker.depends_on.migrate.condition = 'service_finished'
    expect(errorsOf(condition).length).toBeGreaterThan(0)

    const healthcheck = load(composeText)
    healthcheck.services.redis.healthcheck = { test: { run: 'redis-cli ping' } }
    expect(errorsOf(healthcheck).join('\n')).toContain('/services/redis/healthcheck/test')
  })
})

// Debian's docker-compose (scripts/ensure-docker-compose.sh installs it) parses and interpolates the file as Compose
// does, with the variables of .env.example; it needs no Docker engine for `config`.
const composeCommand = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' }).status === 0

describe.skipIf(!composeCommand)('docker-compose.yml read by docker-compose', () => {
  it('passes `docker-compose config` with the variables of .env.example', () => {
    const output = execFileSync('docker-compose', ['--env-file', '.env.example', '-f', 'docker-compose.yml', 'config'], { cwd: root, encoding: 'utf8' })
    const resolved = load(output)
    expect(Object.keys(resolved.services).sort()).toEqual(['cache', 'lb', 'migrate', 'postgres', 'redis', 'web', 'worker'])
    expect(resolved.services.web.environment.MIGRATIONS).toBe('check')
  })

  it('refuses the file when a required secret is missing', () => {
    const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test' },
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toMatch(/set (PORTAL_APP_PASSWORD|POSTGRES_PASSWORD|SESSION_SECRET|AUDIT_KEY) in \.env/)
  })
})
