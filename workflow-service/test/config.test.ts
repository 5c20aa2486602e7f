import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadSessionSecret, SESSION_SECRET_FILE } from '../src/auth/session-secret.server.ts'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'

describe('configuration from the environment', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.maxUploadMb).toBe(300)
    expect(config.maxConnectionsPerAddress).toBe(256)
    expect(config.workers).toBe(true)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir.endsWith('.data')).toBe(true)
  })

  it('refuses a wrong value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ WORKERS: 'maybe' })).toThrow(/WORKERS/)
    expect(() => loadConfig({ MAX_UPLOAD_MB: '0' })).toThrow(/MAX_UPLOAD_MB/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    for (const wrong of ['0', '-1', '2.5', 'Infinity', '1e400', 'many']) expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: wrong })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/)
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '3' }).maxConnectionsPerAddress).toBe(3)
  })

  it('gives a worker node its health port and the queue its Redis key prefix, refusing wrong ones', () => {
    expect(loadConfig({}).workerHttpPort).toBe(3001)
    expect(loadConfig({}).redisPrefix).toBe('portal')
    expect(loadConfig({ WORKER_HTTP_PORT: '9100', REDIS_PREFIX: 'portal-staging' })).toMatchObject({ workerHttpPort: 9100, redisPrefix: 'portal-staging' })
    expect(() => loadConfig({ WORKER_HTTP_PORT: '70000' })).toThrow(/WORKER_HTTP_PORT/)
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/)
  })

  it('turns the in-process workers off with WORKERS=off', () => {
    expect(loadConfig({ WORKERS: 'off' }).workers).toBe(false)
  })

  it('never signs with a fixed session secret: without SESSION_SECRET the portal makes one once and keeps it 0600 in DATA_DIR', () => {
    // A configuration alone (tests) gets a random one, different each time, in production too.
    expect(loadConfig({}).sessionSecret).not.toBe(loadConfig({}).sessionSecret)
    expect(loadConfig({ NODE_ENV: 'production' }).sessionSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ SESSION_SECRET: 'given-secret' }).sessionSecret).toBe('given-secret')
    const dataDir = mkdtempSync(path.join(tmpdir(), 'session-secret-'))
    try {
      const first = loadSessionSecret({ dataDir, env: {} })
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      expect(statSync(path.join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600)
      // The same after a restart; a file others could read is tightened, not used as it is.
      chmodSync(path.join(dataDir, SESSION_SECRET_FILE), 0o644)
      expect(loadSessionSecret({ dataDir, env: {} })).toBe(first)
      expect(statSync(path.join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600)
      expect(loadSessionSecret({ dataDir, env: { SESSION_SECRET: 'given-secret' } })).toBe('given-secret')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('believes no proxy unless TRUST_PROXY names it, and refuses a value that is not an address', () => {
    expect(loadConfig({}).trustProxy).toEqual([])
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.2', '192.168.0.0/16', '::1'])
    expect(() => loadConfig({ TRUST_PROXY: 'loadbalancer' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/)
  })

  it('takes the public address of links from PUBLIC_URL, an http(s) origin', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined()
    expect(loadConfig({ PUBLIC_URL: 'https://eco.yanao.ru/' }).publicUrl).toBe('https://eco.yanao.ru')
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/)
    expect(() => loadConfig({ PUBLIC_URL: 'eco.yanao.ru' })).toThrow(/PUBLIC_URL/)
  })

  it('bounds the time a client may take: 30 seconds by default, configurable', () => {
    expect(loadConfig({}).httpTimeoutSeconds).toBe(30)
    expect(loadConfig({ HTTP_TIMEOUT_SECONDS: '5' }).httpTimeoutSeconds).toBe(5)
    expect(loadConfig({}).uploadTimeoutSeconds).toBe(600)
    expect(() => loadConfig({ HTTP_TIMEOUT_SECONDS: '0' })).toThrow(/HTTP_TIMEOUT_SECONDS/)
  })
})
