// The security headers of one answer, A/B in one run (decision 3824): helmet built anew for every request, as the
// Fastify plugin of helmet does, against the portal's helmet built once, both with the portal's own options
// (`securityHeadersOptions`), applied to fresh answers in this process, the passes alternating; CPU µs per answer.
//   npx tsx bench/security-headers-ab.ts [--answers 200000] [--rounds 6]
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { parseArgs } from 'node:util'
import helmet from 'helmet'
import { securityHeadersOptions } from '@portal/workflow-server/service.server.ts'

const { values } = parseArgs({ options: { answers: { type: 'string', default: '200000' }, rounds: { type: 'string', default: '6' } } })
const answers = Number(values.answers)
const rounds = Number(values.rounds)
const request = new IncomingMessage(new Socket())
const options = securityHeadersOptions(() => 'bmV2ZXItdGhlLXNhbWUtdHdpY2U=')
const once = helmet(options)
const ways: Record<string, (response: ServerResponse) => void> = {
  'A built per request': (response) => helmet(options)(request, response, () => {}),
  'B built once': (response) => once(request, response, () => {}),
}
const spent: Record<string, number> = Object.fromEntries(Object.keys(ways).map((w) => [w, 0]))
for (const apply of Object.values(ways)) for (let i = 0; i < 20_000; i++) apply(new ServerResponse(request))
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? Object.keys(ways) : Object.keys(ways).reverse()
  for (const way of order) {
    const started = process.cpuUsage()
    for (let i = 0; i < answers / rounds; i++) ways[way](new ServerResponse(request))
    const used = process.cpuUsage(started)
    spent[way] += used.user + used.system
  }
}
const perAnswer = (way: string) => spent[way] / answers
for (const way of Object.keys(ways)) process.stdout.write(`${way}: ${perAnswer(way).toFixed(2)} CPU µs per answer\n`)
process.stdout.write(`B saves ${(perAnswer('A built per request') - perAnswer('B built once')).toFixed(2)} µs per answer\n`)
