// The deployment files describe one built image, a load balancer, a migration step and health checks: read as data.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = path.resolve(import.meta.dirname, '../../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

interface Service {
  image?: string
  build?: unknown
  command?: string | string[]
  entrypoint?: string | string[]
  environment?: Record<string, string>
  volumes?: string[]
  ports?: string[]
  healthcheck?: { test: string | string[] }
  depends_on?: Record<string, { condition: string }> | string[]
  deploy?: { replicas?: number }
  networks?: string[] | Record<string, { ipv4_address?: string } | null>
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> }
const services = compose.services
const portalImage = services.migrate?.image
const portalServices = Object.entries(services).filter(([, s]) => s.image === portalImage)
const commandOf = (s: Service) => [s.entrypoint, s.command].flat().filter(Boolean).join(' ')
const dependsOn = (s: Service) => (Array.isArray(s.depends_on) ? {} : (s.depends_on ?? {}))
const balancerName = Object.keys(services).find((name) => /^(caddy|nginx|haproxy)(:|$)/.test(services[name].image ?? ''))

describe('the deployment described by docker-compose.yml', () => {
  it('builds the portal image once and runs it as web nodes, worker nodes and the migration', () => {
    const built = Object.entries(services).filter(([, s]) => s.build !== undefined)
    expect(built.map(([name]) => name)).toEqual(['migrate'])
    expect(portalServices.map(([name]) => name).sort()).toEqual(['migrate', 'web', 'worker'])
    for (const [, s] of portalServices) expect(s.volumes ?? []).not.toContainEqual(expect.stringMatching(/^\.:/))
  })

  it('never installs or builds anything when a node starts', () => {
    for (const [name, s] of portalServices) {
      expect(commandOf(s), name).not.toMatch(/npm (ci|install)|npm run build|tsx/)
      expect(commandOf(s), name).toMatch(/^node .*dist\//)
    }
  })

  it('puts a load balancer with its configuration from the repository in front of several web nodes', () => {
    expect(balancerName).toBeDefined()
    const lb = services[balancerName!]
    expect(lb.ports?.length).toBeGreaterThan(0)
    const config = (lb.volumes ?? []).map((v) => v.split(':')[0]).find((v) => v.startsWith('./'))
    expect(config && existsSync(path.join(root, config))).toBe(true)
    expect(services.web.ports ?? []).toEqual([])
    expect(services.web.deploy?.replicas).toBeGreaterThanOrEqual(2)
    expect(services.web.environment?.WORKERS).toBe('off')
  })

  it('makes web nodes trust the forwarded client address only from the balancer', () => {
    const lbNetworks = services[balancerName!].networks as Record<string, { ipv4_address?: string }>
    const lbAddress = Object.values(lbNetworks).map((n) => n?.ipv4_address).find(Boolean)
    expect(lbAddress).toBeDefined()
    expect(services.web.environment?.TRUST_PROXY).toBe(lbAddress)
  })

  it("puts the shared cache between the balancer's public site and its internal one, each reaching the other by its fixed address", () => {
    const addressOf = (name: string) => Object.values((services[name]?.networks ?? {}) as Record<string, { ipv4_address?: string }>).map((n) => n?.ipv4_address).find(Boolean)
    const cache = services.cache
    expect(cache?.image).toMatch(/^nginx:/)
    expect(cache.volumes).toContain('./deploy/cache.conf:/etc/nginx/conf.d/default.conf:ro')
    expect(cache.ports ?? []).toEqual([])
    const caddyfile = read('deploy/Caddyfile')
    const cacheConf = read('deploy/cache.conf')
    expect(caddyfile).toContain(`reverse_proxy ${addressOf('cache')}:8080 {`)
    expect(cacheConf).toContain('listen 8080;')
    expect(caddyfile).toMatch(/^:8081 \{/m)
    expect(cacheConf).toContain(`proxy_pass http://${addressOf(balancerName!)}:8081;`)
    // The web nodes see the balancer's internal site as their peer, with the public site's X-Forwarded-For.
    expect(caddyfile).toContain('header_up X-Forwarded-For {http.request.header.X-Forwarded-For}')
    expect(cacheConf).not.toMatch(/proxy_set_header X-Forwarded-For/)
  })

  it('runs the migration once before any node starts', () => {
    for (const name of ['web', 'worker']) {
      expect(dependsOn(services[name]).migrate?.condition, name).toBe('service_completed_successfully')
    }
    expect(commandOf(services.migrate)).toContain('dist/migrate.js')
    expect(dependsOn(services.migrate).postgres?.condition).toBe('service_healthy')
  })

  it('checks the health of the databases, the nodes and the balancer', () => {
    for (const name of ['postgres', 'redis', 'web', 'worker', balancerName!]) {
      expect(services[name].healthcheck?.test, name).toBeDefined()
    }
    expect(JSON.stringify(services.web.healthcheck?.test)).toContain('/readyz')
    expect(JSON.stringify(services.worker.healthcheck?.test)).toContain('/readyz')
    expect(services.postgres.volumes?.length).toBeGreaterThan(0)
    expect(services.redis.volumes?.length).toBeGreaterThan(0)
  })

  it('connects the nodes as the portal role, which only checks the migrations, and migrates as the owner', () => {
    for (const [name, s] of portalServices) expect(s.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\/portal_app:/)
    expect(services.migrate.environment?.DATABASE_OWNER_URL).toMatch(/^postgres:\/\/portal:/)
    for (const name of ['web', 'worker']) {
      expect(services[name].environment?.MIGRATIONS, name).toBe('check')
      expect(services[name].environment?.DATABASE_OWNER_URL, name).toBeUndefined()
      expect(JSON.stringify(services[name]), name).not.toContain('POSTGRES_PASSWORD')
    }
    const init = (services.postgres.volumes ?? []).find((v) => v.endsWith(':/docker-entrypoint-initdb.d:ro'))
    expect(init && read(path.join(init.split(':')[0], '10-portal-app-role.sh'))).toContain('CREATE ROLE portal_app LOGIN NOSUPERUSER')
  })

  it('shares one file storage volume between web and worker nodes', () => {
    const storage = (s: Service) => (s.volumes ?? []).find((v) => v.endsWith(`:${s.environment?.STORAGE_DIR}`))
    expect(storage(services.web)).toBeDefined()
    expect(storage(services.web)).toBe(storage(services.worker))
  })

  it('takes its secrets from an uncommitted .env whose example is committed', () => {
    const text = read('docker-compose.yml')
    const required = [...text.matchAll(/\$\{(\w+):\?/g)].map((m) => m[1])
    expect(required).toEqual(expect.arrayContaining(['SESSION_SECRET', 'AUDIT_KEY', 'POSTGRES_PASSWORD', 'PORTAL_APP_PASSWORD']))
    const example = read('.env.example')
    for (const name of new Set(required)) expect(example).toMatch(new RegExp(`^${name}=`, 'm'))
    expect(read('.gitignore').split('\n')).toContain('.env')
    expect(text).not.toMatch(/SESSION_SECRET: (?!\$\{)/)
  })
})

describe('the production image of the Dockerfile', () => {
  const dockerfile = read('Dockerfile')
  const lines = dockerfile.split('\n').filter((l) => !l.trimStart().startsWith('#'))

  it('installs with npm ci, builds once in a build stage and keeps no development packages', () => {
    expect(lines.filter((l) => l.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2)
    expect(dockerfile).toMatch(/RUN npm ci\b/)
    expect(dockerfile).toMatch(/npm run build/)
    expect(dockerfile).toMatch(/npm prune --omit=dev/)
  })

  it('keeps no TypeScript runner: tsx, the TypeScript sources\' runner, is a development package the prune drops', () => {
    const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; scripts: Record<string, string> }
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx')
    expect(Object.keys(manifest.devDependencies)).toContain('tsx')
    // What the image's services run are the compiled commands of the build.
    for (const script of ['start', 'serve', 'workers']) expect(manifest.scripts[script], script).not.toMatch(/\btsx\b/)
  })

  it('runs as a user that is not root and starts the compiled server', () => {
    const users = lines.filter((l) => l.startsWith('USER '))
    expect(users.at(-1)).toMatch(/^USER (?!root\b|0\b)/)
    expect(lines.find((l) => l.startsWith('CMD '))).toContain('dist/server.js')
  })

  it('leaves installed packages, builds and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n')
    for (const entry of ['node_modules', 'dist', '.env', '.data']) expect(ignored).toContain(entry)
  })
})
