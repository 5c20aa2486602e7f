// The compose deployment's shared cache (deploy/cache.conf) run by Debian's nginx in front of one web node: the same
// file, with only its cache folder, its port and its upstream changed for a test's own folder and node.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import net from 'node:net'
import path from 'node:path'
import { freePort } from './free-port.ts'

const root = path.resolve(import.meta.dirname, '../..')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface SharedCache {
  url: string
  stop(): Promise<void>
}

/** deploy/cache.conf for a test: every other line as the deployment has it (each replaced piece must be there). */
export function cacheConfFor(dir: string, port: number, upstream: string): string {
  const replacements: Array<[string, string]> = [
    ['proxy_cache_path /var/cache/nginx/portal ', `proxy_cache_path ${path.join(dir, 'cache')} `],
    ['listen 8080;', `listen 127.0.0.1:${port};`],
    ['proxy_pass http://172.30.0.2:8081;', `proxy_pass ${upstream};`],
  ]
  let text = readFileSync(path.join(root, 'deploy/cache.conf'), 'utf8')
  for (const [piece, by] of replacements) {
    if (!text.includes(piece)) throw new Error(`deploy/cache.conf no longer has ${JSON.stringify(piece)}`)
    text = text.replace(piece, by)
  }
  return text
}

export async function startSharedCache(upstream: string): Promise<SharedCache> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-cache-'))
  for (const sub of ['cache', 'body', 'proxy']) mkdirSync(path.join(dir, sub))
  const port = await freePort()
  writeFileSync(path.join(dir, 'cache.conf'), cacheConfFor(dir, port, upstream))
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // The test may run as root: the workers then keep its user, so they can write the test's folders.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${path.join(dir, 'body')};`,
      `  proxy_temp_path ${path.join(dir, 'proxy')};`,
      `  include ${path.join(dir, 'cache.conf')};`,
      '}',
    ].join('\n'),
  )
  const nginx: ChildProcess = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] })
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`)
    // Listening is enough; an HTTP probe would reach the node and be counted there.
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (listening) break
    if (i > 100) throw new Error('nginx did not start listening')
    await sleep(100)
  }
  return {
    url,
    async stop() {
      if (nginx.exitCode === null) nginx.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
