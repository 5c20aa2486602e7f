// A local SMTP server for the tests of the mail: it keeps every recipient offered (with when) and every letter taken;
// `state.refuse` makes it refuse every recipient. Listens on a free port for the test file's life.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'

export interface Letter {
  to: string[]
  data: string
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:port`, set once the server listens. */
  url: string
  offered: Array<{ to: string; at: number }>
  received: Letter[]
  state: { refuse: boolean }
}

export function useSmtpServer(): TestSmtpServer {
  const smtp: TestSmtpServer = { url: '', offered: [], received: [], state: { refuse: false } }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      smtp.offered.push({ to: address.address, at: Date.now() })
      if (smtp.state.refuse) return callback(new Error('mailbox unavailable'))
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        smtp.received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    smtp.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  })
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())))
  return smtp
}
