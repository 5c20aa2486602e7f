import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { runUserCommand } from '../server/src/cli/user-command-run.server.ts'
import { readStream } from '../domain/src/event-store/event-store.server.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

function environment(env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...rest } = process.env
  return { ...rest, ...env }
}

/** `npm run user` in a process of its own: for what only a process shows (arguments, standard streams, exit codes). */
function userCommandProcess(args: string[], input: string, env: Record<string, string> = { DATABASE_URL: t.database.url }) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'workflow-service/server/src/cli/user-command.ts', ...args], {
    env: environment(env),
    input,
    encoding: 'utf8',
    timeout: 60_000,
  })
}

/**
 * The same command run in this process through the function the process's entry calls: a process costs one to two
 * seconds of CPU to start, and the cases below prove what the command does, not what a process does
 * (docs/decisions/2722-user-command-runs-in-process.md).
 */
async function userCommand(args: string[], input: string, env: Record<string, string> = { DATABASE_URL: t.database.url }) {
  let stdout = ''
  let stderr = ''
  const status = await runUserCommand(args, {
    env: environment(env),
    // As the entry reads a pipe: the first line of standard input.
    readPassword: async () => input.split(/\r?\n/)[0],
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  })
  return { status, stdout, stderr }
}

describe('npm run user', { timeout: 180_000 }, () => {
  it('creates the first administrator with the password from standard input (in a process of its own)', async () => {
    const result = userCommandProcess(['create', '--username', 'chief', '--group', 'Администратор'], 'Chief-Password-1\n')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('Пользователь chief создан')
    expect(result.stdout).not.toContain('Chief-Password-1')
    const { headers } = await loginAs(t.app, 'chief', 'Chief-Password-1')
    expect((await t.app.inject({ url: '/api/v1/users/', headers })).statusCode).toBe(200)
  })

  it('creates a license holder of a company', async () => {
    const company = await t.database.db.selectFrom('companies').select('id').where('kind', '=', 'lem').orderBy('id').executeTakeFirstOrThrow()
    const result = await userCommand(['create', '--username', 'field-holder', '--group', 'Недропользователь', '--company', String(company.id)], 'Field-Password-1\n')
    expect(result.status).toBe(0)
    const { headers } = await loginAs(t.app, 'field-holder', 'Field-Password-1')
    expect((await t.app.inject({ url: '/api/v1/initialization/', headers })).json().user.company).toBe(company.id)
  })

  it('refuses a password on the command line (in a process of its own), an unknown group and a holder without a company', async () => {
    const withPassword = userCommandProcess(['create', '--username', 'x', '--group', 'Администратор', '--password', 'p'], '')
    expect(withPassword.status).toBe(2)
    expect(withPassword.stdout).toBe('')
    expect(withPassword.stderr).toContain('--password')
    const unknownGroup = await userCommand(['create', '--username', 'x', '--group', 'Root'], 'Password-123\n')
    expect(unknownGroup.status).not.toBe(0)
    expect(unknownGroup.stderr).toContain('Неизвестная группа: Root')
    const noCompany = await userCommand(['create', '--username', 'x', '--group', 'Недропользователь'], 'Password-123\n')
    expect(noCompany.status).not.toBe(0)
    expect(noCompany.stderr).toContain('недропользователю нужно указать предприятие')
  })

  it("refuses an account in both the Department's and a holder's group, naming the groups", async () => {
    const company = await t.database.db.selectFrom('companies').select('id').where('kind', '=', 'lem').orderBy('id').executeTakeFirstOrThrow()
    const both = await userCommand(['create', '--username', 'both-groups', '--group', 'Департамент', '--group', 'Недропользователь', '--company', String(company.id)], 'Both-Password-1\n')
    expect(both.status).not.toBe(0)
    expect(both.stderr).toContain('Группы: учётная запись не может быть одновременно в группах «Департамент» и «Недропользователь»')
    expect(await t.database.db.selectFrom('users').select('id').where('username', '=', 'both-groups').executeTakeFirst()).toBeUndefined()
  })

  it('asks for DATABASE_URL rather than opening the embedded database of a running portal', async () => {
    const result = await userCommand(['create', '--username', 'x', '--group', 'Администратор'], 'Password-123\n', {})
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('Задайте DATABASE_URL')
  })

  it('gives an account the full name the pages show, at creation or later, and refuses a name that is no name', async () => {
    const created = await userCommand(['create', '--username', 'named-admin', '--name', 'Орлова  Ирина Сергеевна', '--group', 'Администратор'], 'Named-Password-1\n')
    expect(created.status).toBe(0)
    const row = () => t.database.db.selectFrom('users').select('full_name').where('username', '=', 'named-admin').executeTakeFirstOrThrow()
    expect((await row()).full_name).toBe('Орлова Ирина Сергеевна')
    // Naming asks for no password: nothing on standard input.
    const renamed = await userCommand(['name', '--username', 'named-admin', '--name', 'Орлова-Ким Ирина'], '')
    expect(renamed.stderr).toBe('')
    expect(renamed.status).toBe(0)
    expect((await row()).full_name).toBe('Орлова-Ким Ирина')
    const hostile = await userCommand(['name', '--username', 'named-admin', '--name', '<script>alert(1)</script>'], '')
    expect(hostile.status).not.toBe(0)
    expect(hostile.stderr).toContain('ФИО: только буквы')
    expect((await row()).full_name).toBe('Орлова-Ким Ирина')
  })

  it('resets a password and ends the sessions of the user', async () => {
    const before = await loginAs(t.app, 'holder2')
    const result = await userCommand(['password', '--username', 'holder2'], 'Holder2-New-Pass\n')
    expect(result.status).toBe(0)
    expect((await t.app.inject({ url: '/api/v1/initialization/', headers: before.headers })).json().user.username).toBeNull()
    expect((await loginAs(t.app, 'holder2', 'Holder2-New-Pass')).headers.cookie).toMatch(/^sessionid=/)
  })

  it("records its changes as the admin page's are, as events of the account made by «npm run user», and keeps their rules", async () => {
    const created = await userCommand(['create', '--username', 'cli-made', '--name', 'Сидоров Иван', '--group', 'Департамент'], 'Cli-Password-1\n')
    expect(created.status, created.stderr).toBe(0)
    const { id } = await t.database.db.selectFrom('users').select('id').where('username', '=', 'cli-made').executeTakeFirstOrThrow()
    expect((await userCommand(['name', '--username', 'cli-made', '--name', 'Сидоров Иван Петрович'], '')).status).toBe(0)
    expect((await userCommand(['password', '--username', 'cli-made'], 'Cli-Password-2\n')).status).toBe(0)
    const events = await readStream(t.database.db, `user-${id}`)
    expect(events.map((e) => e.type)).toEqual(['UserCreated', 'UserNameChanged', 'UserPasswordReset'])
    expect(events.every((e) => e.metadata.username === 'npm run user' && e.metadata.userId === null)).toBe(true)
    expect(JSON.stringify(events)).not.toContain('Cli-Password')
    // The same rules as the page's: a login taken in another letter case is refused with the page's words, and the
    // process ends with code 1 (a refusal of the use-case, not of the arguments).
    const again = userCommandProcess(['create', '--username', 'CLI-MADE', '--group', 'Департамент'], 'Cli-Password-3\n')
    expect(again.status).toBe(1)
    expect(again.stderr).toContain('уже существует')
  })
})
