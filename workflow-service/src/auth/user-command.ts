// `npm run user -- create --username U --group G [--group G2] [--company ID]` (and `password --username U`):
// accounts on a real server; the password is read from standard input, never from the command line.
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connect.server.ts'
import { HttpError } from '../plugins/errors.server.ts'
import type { Group } from './permissions.ts'
import { createUser, GROUPS, resetPassword } from './users.server.ts'

const USAGE = `Использование:
  npm run user -- create --username ЛОГИН --group ГРУППА [--group ГРУППА] [--company ID]
  npm run user -- password --username ЛОГИН
Пароль читается со стандартного ввода (на терминале без отображения). Группы: ${GROUPS.join(', ')}.
База данных — DATABASE_URL; встроенная база портала — только с --embedded и при остановленном портале.`

function stop(message: string, code = 2): never {
  process.stderr.write(`${message}\n`)
  process.exit(code)
}

/** The first line of standard input; on a terminal it asks twice and shows nothing typed. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = ''
    for await (const chunk of process.stdin) text += chunk
    return text.split(/\r?\n/)[0]
  }
  const ask = async (prompt: string) => {
    process.stdout.write(prompt)
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() })
    const rl = createInterface({ input: process.stdin, output: silent, terminal: true })
    const line = await new Promise<string>((resolve) => rl.once('line', resolve))
    rl.close()
    process.stdout.write('\n')
    return line
  }
  const first = await ask('Пароль: ')
  const second = await ask('Пароль ещё раз: ')
  if (first !== second) stop('Пароли не совпадают.')
  return first
}

function parse() {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS })
  } catch (error) {
    // Among others, --password: a password on the command line would stay in the shell history and `ps`.
    return stop(`${(error as Error).message}\n${USAGE}`)
  }
}

const OPTIONS = {
  username: { type: 'string' },
  group: { type: 'string', multiple: true },
  company: { type: 'string' },
  embedded: { type: 'boolean' },
  help: { type: 'boolean' },
} as const
const { values, positionals } = parse()
const command = positionals[0]
if (values.help || !command) stop(USAGE, values.help ? 0 : 2)
if (command !== 'create' && command !== 'password') stop(`Неизвестная команда «${command}».\n${USAGE}`)
if (!values.username) stop(`Укажите --username.\n${USAGE}`)
const groups = (values.group ?? []) as Group[]
if (command === 'create') {
  if (groups.length === 0) stop(`Укажите хотя бы одну --group.\n${USAGE}`)
  const unknown = groups.filter((g) => !GROUPS.includes(g))
  if (unknown.length) stop(`Неизвестная группа: ${unknown.join(', ')}. Группы: ${GROUPS.join(', ')}.`)
}
const companyId = values.company === undefined ? null : Number(values.company)
if (companyId !== null && (!Number.isInteger(companyId) || companyId < 1)) stop('--company: укажите id предприятия (целое число).')

const config = loadConfig()
// Opening the embedded database stops a PostgreSQL that looks left over, which would be a running portal's.
if (!config.databaseUrl && !values.embedded) stop(`Задайте DATABASE_URL (или --embedded, когда портал остановлен).\n${USAGE}`)
const password = await readPassword()
const database = await openDatabase(config, () => {}).catch((error: Error) => stop(`Ошибка: ${error.message}`, 1))
try {
  await migrateToLatest(database.db)
  if (command === 'create') {
    const id = await createUser(database.db, { username: values.username, password, groups, companyId })
    process.stdout.write(`Пользователь ${values.username} создан (id ${id}, ${groups.join(', ')}).\n`)
  } else {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', values.username.toLowerCase())
      .executeTakeFirst()
    if (!user) stop(`Пользователь ${values.username} не найден.`, 1)
    await resetPassword(database.db, user.id, password)
    process.stdout.write(`Пароль пользователя ${values.username} изменён; его сеансы завершены.\n`)
  }
} catch (error) {
  if (error instanceof HttpError) stop(error.message, 1)
  throw error
} finally {
  await database.close()
}
