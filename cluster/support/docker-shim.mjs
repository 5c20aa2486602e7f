#!/usr/bin/env node
// A stand-in for `docker compose` that runs the few commands docs/deployment.md gives for backup and restore on this
// machine: `exec postgres …` runs the PostgreSQL tool against the test's server, `run … web|migrate …` runs the
// portal's command (or tar, sh) with the test's environment, and paths inside the containers (/files, and the
// folders mounted with -v) become the test's folders. Settings come from SHIM_* variables (backup-restore.cluster.ts).
import { spawnSync } from 'node:child_process'

const env = process.env
const [compose, sub, ...rest] = process.argv.slice(2)
if (compose !== 'compose') fail(`only "docker compose" is known here, got "docker ${compose}"`)

function fail(message) {
  process.stderr.write(`docker shim: ${message}\n`)
  process.exit(2)
}

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: process.cwd(), env: { ...env, ...extraEnv } })
  if (result.error) fail(`${command}: ${result.error.message}`)
  process.exit(result.status ?? 1)
}

/** The deployment's names (`-U portal`, database `portal`) become the test server's owner and database. */
function postgresArgs(args) {
  const out = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if ((arg === '-U' || arg === '-d') && args[i + 1] === 'portal') {
      out.push(arg, arg === '-U' ? env.SHIM_OWNER : env.SHIM_DATABASE)
      i++
    } else if (arg === 'portal' && i === args.length - 1) out.push(env.SHIM_DATABASE)
    else out.push(arg)
  }
  return out
}

/** Paths inside a container: a -v mount's target, and the file storage at /files. */
function hostPaths(args, mounts) {
  const all = [...mounts, ['/files', env.SHIM_STORAGE]]
  return args.map((arg) => all.reduce((text, [target, source]) => text.replace(new RegExp(`(^|[\\s'"=])${target}(?=/|\\s|'|"|$)`, 'g'), `$1${source}`), arg))
}

switch (sub) {
  case 'stop':
  case 'up':
  case 'ps':
  case 'build':
    // The nodes of this test are not running while it backs up and restores: nothing to stop or start.
    process.exit(0)
    break
  case 'exec': {
    const args = rest.filter((a) => a !== '-T')
    const [service, tool, ...toolArgs] = args
    if (service !== 'postgres') fail(`exec only into postgres, got ${service}`)
    run(tool, postgresArgs(toolArgs), { PGHOST: env.SHIM_PGHOST, PGPORT: env.SHIM_PGPORT })
    break
  }
  case 'run': {
    const mounts = []
    let entrypoint
    let i = 0
    for (; i < rest.length; i++) {
      const arg = rest[i]
      if (arg === '--rm' || arg === '--no-deps') continue
      if (arg === '-v') {
        const [source, target] = rest[++i].split(':')
        mounts.push([target, source])
      } else if (arg === '--entrypoint') entrypoint = rest[++i]
      else break
    }
    const service = rest[i]
    const args = hostPaths(rest.slice(i + 1), mounts)
    const portal = JSON.parse(env.SHIM_PORTAL_ENV)
    if (service === 'migrate' && args.length === 0) {
      run(process.execPath, [`${env.SHIM_ROOT}/dist/migrate.js`], { ...portal, MIGRATIONS: 'apply', DATABASE_OWNER_URL: env.SHIM_OWNER_URL })
    }
    if (service !== 'web') fail(`run only web or migrate, got ${service}`)
    const command = entrypoint ? [entrypoint, ...args] : args
    if (command[0] === 'node') {
      run(process.execPath, command.slice(1).map((a) => (a.startsWith('dist/') ? `${env.SHIM_ROOT}/${a}` : a)), portal)
    }
    run(command[0], command.slice(1))
    break
  }
  default:
    fail(`"docker compose ${sub}" is not known here`)
}
