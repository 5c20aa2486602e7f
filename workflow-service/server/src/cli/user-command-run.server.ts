// The whole of `npm run user` but the process around it: `runUserCommand(argv, io)` answers with the exit code, so
// the tests run most cases in their own process and start a real one only for what a process alone can show
// (docs/decisions/2722-user-command-runs-in-process.md). `user-command.ts` is the process's entry.
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '@portal/workflow-platform/database.server.ts'
import { refusalAnswer, type Group, GROUPS } from '@portal/workflow-domain/views.ts'
import { accountUseCases } from '@portal/workflow-domain/use-cases.server.ts'
import type { Outcome, UseCaseContext } from '@portal/workflow-domain/views.ts'

/** What the command reads and writes besides the database: the process's, or a test's. */
export interface UserCommandIo {
  env: NodeJS.ProcessEnv
  /** The password: the first line of standard input (on a terminal, asked twice). */
  readPassword(): Promise<string>
  stdout(text: string): void
  stderr(text: string): void
}

export const USAGE = `Использование:
  npm run user -- create --username ЛОГИН [--name "Фамилия Имя Отчество"] --group ГРУППА [--group ГРУППА] [--company ID]
  npm run user -- password --username ЛОГИН
  npm run user -- name --username ЛОГИН --name "Фамилия Имя Отчество"
Пароль читается со стандартного ввода (на терминале без отображения). Группы: ${GROUPS.join(', ')}.
База данных — DATABASE_URL; встроенная база портала — только с --embedded и при остановленном портале.`

/** Thrown to end the command with a message on standard error and an exit code (what process.exit did before). */
export class StopCommand extends Error {
  constructor(
    message: string,
    readonly code = 2,
  ) {
    super(message)
  }
}

function stop(message: string, code = 2): never {
  throw new StopCommand(message, code)
}

const OPTIONS = {
  username: { type: 'string' },
  name: { type: 'string' },
  group: { type: 'string', multiple: true },
  company: { type: 'string' },
  embedded: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS })
  } catch (error) {
    // Among others, --password: a password on the command line would stay in the shell history and `ps`.
    return stop(`${(error as Error).message}\n${USAGE}`)
  }
}

/** Runs the command with `argv` (the arguments after the script's name) and answers with its exit code. */
export async function runUserCommand(argv: string[], io: UserCommandIo): Promise<number> {
  try {
    await run(argv, io)
    return 0
  } catch (error) {
    if (!(error instanceof StopCommand)) throw error
    io.stderr(`${error.message}\n`)
    return error.code
  }
}

async function run(argv: string[], io: UserCommandIo): Promise<void> {
  const { values, positionals } = parse(argv)
  const command = positionals[0]
  if (values.help || !command) stop(USAGE, values.help ? 0 : 2)
  if (command !== 'create' && command !== 'password' && command !== 'name') stop(`Неизвестная команда «${command}».\n${USAGE}`)
  const username = values.username ?? stop(`Укажите --username.\n${USAGE}`)
  if (command === 'name' && values.name === undefined) stop(`Укажите --name.\n${USAGE}`)
  const groups = (values.group ?? []) as Group[]
  if (command === 'create') {
    if (groups.length === 0) stop(`Укажите хотя бы одну --group.\n${USAGE}`)
    const unknown = groups.filter((g) => !GROUPS.includes(g))
    if (unknown.length) stop(`Неизвестная группа: ${unknown.join(', ')}. Группы: ${GROUPS.join(', ')}.`)
  }
  const companyId = values.company === undefined ? null : Number(values.company)
  if (companyId !== null && (!Number.isInteger(companyId) || companyId < 1)) stop('--company: укажите id предприятия (целое число).')

  const config = loadConfig(io.env)
  // Opening the embedded database stops a PostgreSQL that looks left over, which would be a running portal's.
  if (!config.databaseUrl && !values.embedded) stop(`Задайте DATABASE_URL (или --embedded, когда портал остановлен).\n${USAGE}`)
  // Naming an account asks for no password.
  const password = command === 'name' ? '' : await io.readPassword()
  const database = await openDatabase(config, () => {}).catch((error: Error) => stop(`Ошибка: ${error.message}`, 1))
  /**
   * Whoever runs the command on the server acts as an administrator without an account (id 0: no account's own rules
   * apply to it, and its events name no account).
   */
  const context: UseCaseContext = { actor: { id: 0, username: 'npm run user', groups: ['Администратор'], companyId: null }, clientAddress: 'командная строка', requestId: `cli-${process.pid}` }

  const valueOf = <T>(outcome: Outcome<T>): T => (outcome.ok ? outcome.value : stop(refusalAnswer(outcome.refusal).detail, 1))

  try {
    await migrateToLatest(database.db)
    const accounts = accountUseCases(database.db)
    const idOf = async (name: string) => {
      const user = await database.db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', name.toLowerCase()).executeTakeFirst()
      return user ? user.id : stop(`Пользователь ${name} не найден.`, 1)
    }
    if (command === 'create') {
      const id = valueOf(await accounts.createUser(context, { username, fullName: values.name, password, groups, company: companyId }))
      io.stdout(`Пользователь ${username} создан (id ${id}, ${groups.join(', ')}).\n`)
    } else if (command === 'name') {
      const changed = valueOf(await accounts.updateUser(context, { id: await idOf(username), fullName: values.name }))
      io.stdout(`Пользователь ${username}: ФИО «${changed.full_name}».\n`)
    } else {
      valueOf(await accounts.resetPassword(context, { id: await idOf(username), password }))
      io.stdout(`Пароль пользователя ${username} изменён; его сеансы завершены.\n`)
    }
  } finally {
    // Before, a refusal here ended the process without closing the pool; now the pool is closed on every way out.
    await database.close()
  }
}
