import { spawnSync } from 'node:child_process'
import net from 'node:net'
import { describe, expect, it } from 'vitest'

function startPortal(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'portal/src/server.ts'], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('starting the portal', { timeout: 120_000 }, () => {
  it('stops with one line naming DATABASE_URL when the database is unreachable', () => {
    const result = startPortal({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: '0' })
    expect(result.status).not.toBe(0)
    const lines = result.stderr.trim().split('\n').filter((l) => !l.includes('npm warn'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('DATABASE_URL')
  })

  it('stops with a clear message when a variable has a wrong value', () => {
    const result = startPortal({ PORT: 'eighty' })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('PORT must be a whole number')
  })

  it('stops with a clear message when the port is taken', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as net.AddressInfo).port
    try {
      const { inject } = await import('vitest')
      const result = startPortal({ DATABASE_URL: inject('maintenanceUrl'), PORT: String(port), HOST: '127.0.0.1', WORKERS: 'off' })
      expect(result.status).not.toBe(0)
      expect(result.stderr).toContain(`port ${port} is already in use`)
    } finally {
      blocker.close()
    }
  })
})
