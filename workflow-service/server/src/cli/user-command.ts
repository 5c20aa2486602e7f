// `npm run user -- create --username U --name "ФИО" --group G [--group G2] [--company ID]`, `password --username U`
// and `name --username U --name "ФИО"`: accounts on a real server; the password is read from standard input, never
// from the command line. It runs the admin page's use-cases (one write path): each change is an event of the
// account's stream, recorded as made by «npm run user». This file is the process around the command, which is
// `runUserCommand` (user-command-run.server.ts): the tests run that in their own process.
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { runUserCommand } from './user-command-run.server.ts'

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
  if (first !== second) {
    process.stderr.write('Пароли не совпадают.\n')
    process.exit(2)
  }
  return first
}

const code = await runUserCommand(process.argv.slice(2), {
  env: process.env,
  readPassword,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
})
// A success ends when the work is done, as it always has; a refusal ends the process at once, as it did before.
if (code !== 0) process.exit(code)
