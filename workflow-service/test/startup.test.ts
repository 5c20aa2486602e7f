import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test-support/test-database.ts'

function startPortal(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'portal/src/server.ts'], {
    // Its own data folder: a start writes the audit key and head there, which belong to the database it started on.
    env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-startup-')), ...env },
    encoding: 'utf8',
    // A start migrates its database first; on a loaded machine that can take more than a minute.
    timeout: 180_000,
  })
}

describe('starting the portal', { timeout: 600_000 }, () => {
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
    // A database already migrated (a copy of the run's template), so the start reaches its port at once.
    const database = await createTestDatabase()
    try {
      const result = startPortal({ DATABASE_URL: database.ownerUrl, PORT: String(port), HOST: '127.0.0.1', WORKERS: 'off' })
      expect(result.signal, 'the start was killed by the test\'s timeout').toBeNull()
      expect(result.status).not.toBe(0)
      expect(result.stderr).toContain(`port ${port} is already in use`)
    } finally {
      blocker.close()
      await database.destroy()
    }
  })
})
