import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { loginAs } from './support/login.ts'
import { useTestApp } from './support/test-app.ts'

const t = useTestApp()

function userCommand(args: string[], input: string, env: Record<string, string> = { DATABASE_URL: t.database.url }) {
  const { DATABASE_URL: _ignored, ...rest } = process.env
  return spawnSync(process.execPath, ['--import', 'tsx', 'workflow-service/src/auth/user-command.ts', ...args], {
    env: { ...rest, ...env },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('npm run user', () => {
  it('creates the first administrator with the password from standard input', async () => {
    const result = userCommand(['create', '--username', 'chief', '--group', 'Администратор'], 'Chief-Password-1\n')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('Пользователь chief создан')
    expect(result.stdout).not.toContain('Chief-Password-1')
    const { headers } = await loginAs(t.app, 'chief', 'Chief-Password-1')
    expect((await t.app.inject({ url: '/api/v1/users/', headers })).statusCode).toBe(200)
  })

  it('creates a license holder of a company', async () => {
    const company = await t.database.db.selectFrom('companies').select('id').where('kind', '=', 'lem').orderBy('id').executeTakeFirstOrThrow()
    const result = userCommand(['create', '--username', 'field-holder', '--group', 'Недропользователь', '--company', String(company.id)], 'Field-Password-1\n')
    expect(result.status).toBe(0)
    const { headers } = await loginAs(t.app, 'field-holder', 'Field-Password-1')
    expect((await t.app.inject({ url: '/api/v1/initialization/', headers })).json().user.company).toBe(company.id)
  })

  it('refuses a password on the command line, an unknown group and a holder without a company', () => {
    const withPassword = userCommand(['create', '--username', 'x', '--group', 'Администратор', '--password', 'p'], '')
    expect(withPassword.status).not.toBe(0)
    expect(withPassword.stderr).toContain('--password')
    const unknownGroup = userCommand(['create', '--username', 'x', '--group', 'Root'], 'Password-123\n')
    expect(unknownGroup.status).not.toBe(0)
    expect(unknownGroup.stderr).toContain('Неизвестная группа: Root')
    const noCompany = userCommand(['create', '--username', 'x', '--group', 'Недропользователь'], 'Password-123\n')
    expect(noCompany.status).not.toBe(0)
    expect(noCompany.stderr).toContain('недропользователю нужно указать предприятие')
  })

  it('asks for DATABASE_URL rather than opening the embedded database of a running portal', () => {
    const result = userCommand(['create', '--username', 'x', '--group', 'Администратор'], 'Password-123\n', {})
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('Задайте DATABASE_URL')
  })

  it('resets a password and ends the sessions of the user', async () => {
    const before = await loginAs(t.app, 'holder2')
    const result = userCommand(['password', '--username', 'holder2'], 'Holder2-New-Pass\n')
    expect(result.status).toBe(0)
    expect((await t.app.inject({ url: '/api/v1/initialization/', headers: before.headers })).json().user.username).toBeNull()
    expect((await loginAs(t.app, 'holder2', 'Holder2-New-Pass')).headers.cookie).toMatch(/^sessionid=/)
  })
})
