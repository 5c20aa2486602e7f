// `npm run verify-public -- URL [--fingerprint SHA256:…]`: checks a running portal's public transparency record from
// outside, with no secret and no database (decision 3710). Exit status: 0 when everything holds, 1 on any failure
// (or when the portal cannot be read), 2 on a wrong argument.
import { parseArgs } from 'node:util'
import { verifyPublic } from '@portal/workflow-domain/commands.server.ts'
import { exitWith } from './exit-status.ts'

const USAGE = 'usage: npm run verify-public -- URL [--fingerprint SHA256:…] (URL: the portal, e.g. https://portal.example/monitoring/)'

let parsed
try {
  parsed = parseArgs({ allowPositionals: true, options: { fingerprint: { type: 'string' }, tries: { type: 'string' }, wait: { type: 'string' } } })
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${USAGE}\n`)
  exitWith(2)
}
const [url, ...rest] = parsed.positionals
if (!url || rest.length > 0 || !/^https?:\/\/[^\s]+$/.test(url)) {
  process.stderr.write(`${USAGE}\n`)
  exitWith(2)
}
const count = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined) return undefined
  if (!/^\d{1,6}$/.test(text)) {
    process.stderr.write(`--${name}: ожидается целое число\n${USAGE}\n`)
    exitWith(2)
  }
  return Number(text)
}
const verdict = await verifyPublic(url, {
  fingerprint: parsed.values.fingerprint,
  tries: count(parsed.values.tries, 'tries'),
  waitMs: count(parsed.values.wait, 'wait'),
  say: (line) => process.stdout.write(`${line}\n`),
})
exitWith(verdict.ok ? 0 : 1)
