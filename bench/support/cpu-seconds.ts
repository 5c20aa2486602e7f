// CPU seconds from /proc, which the machine's other load moves far less than a rate or a wall time: a process's
// children that ended (a command run and waited for), and an embedded PostgreSQL with every process it started.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const TICK = 100 // USER_HZ on Linux

/** The fields of /proc/PID/stat after the command name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14). */
function statFields(pid: number | 'self'): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** CPU of this process's children that have ended and been waited for (a spawned command once it exited). */
export function endedChildrenCpuSeconds(): number {
  const fields = statFields('self')
  return (Number(fields[13]) + Number(fields[14])) / TICK
}

/** The pid of the embedded PostgreSQL whose data folder is `pgFolder` (its postmaster.pid). */
export function postmasterOf(pgFolder: string): number {
  return Number(readFileSync(path.join(pgFolder, 'postmaster.pid'), 'utf8').split('\n')[0])
}

/**
 * CPU seconds of an embedded PostgreSQL: its postmaster, every process it runs (backends, WAL writer), and those that
 * have ended (a backend whose connection closed is counted in the postmaster's children).
 */
export function postgresCpuSeconds(postmaster: number): number {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = statFields(Number(entry))
      if (Number(entry) === postmaster) total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
      else if (Number(fields[1]) === postmaster) total += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process ended while the folder was read.
    }
  }
  return total / TICK
}

/** CPU seconds of a process and of every living process below it (the portal's primary and its web processes). */
export function processTreeCpuSeconds(root: number): number {
  const parents = new Map<number, number>()
  const own = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = statFields(Number(entry))
      parents.set(Number(entry), Number(fields[1]))
      own.set(Number(entry), Number(fields[11]) + Number(fields[12]))
    } catch {
      // The process ended while the folder was read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 64; p = parents.get(p), hops++) if (p === root) return true
    return false
  }
  let total = 0
  for (const [pid, ticks] of own) if (inTree(pid)) total += ticks
  return total / TICK
}

/** This process's own CPU seconds (user + system, every thread): the client side of a case run in the bench. */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}

/** CPU per operation over a measured window: of one side (a process tree or this process) and of PostgreSQL. */
export interface CpuWindow {
  start(): void
  /** CPU ms per operation of the process side and of PostgreSQL (null when the server is not ours to read). */
  stop(operations: number): { cpuMs: number; pgCpuMs: number | null }
}

export function cpuWindow(side: (() => number) | number, postmaster: number | null): CpuWindow {
  const read = typeof side === 'number' ? () => processTreeCpuSeconds(side) : side
  let process0 = 0
  let pg0 = 0
  return {
    start() {
      process0 = read()
      pg0 = postmaster === null ? 0 : postgresCpuSeconds(postmaster)
    },
    stop(operations) {
      const per = (seconds: number) => Number(((1000 * seconds) / Math.max(1, operations)).toFixed(3))
      return { cpuMs: per(read() - process0), pgCpuMs: postmaster === null ? null : per(postgresCpuSeconds(postmaster) - pg0) }
    },
  }
}

/**
 * Waits until a process tree and PostgreSQL are idle (together under `idleShare` of a core over a second), at most
 * `maxSeconds`: a portal just started may still be busy (its web processes' first work, the database's autovacuum
 * after a start), and a case measured beside that work is not measured alone. Answers the seconds waited, and
 * whether they settled.
 */
export async function untilIdle(root: number, postmaster: number | null, maxSeconds = 120, idleShare = 0.1): Promise<{ seconds: number; settled: boolean }> {
  const busy = () => processTreeCpuSeconds(root) + (postmaster === null ? 0 : postgresCpuSeconds(postmaster))
  const started = performance.now()
  for (let before = busy(); ; ) {
    await new Promise((r) => setTimeout(r, 1000))
    const now = busy()
    const seconds = Math.round((performance.now() - started) / 1000)
    if (now - before < idleShare) return { seconds, settled: true }
    if (seconds >= maxSeconds) return { seconds, settled: false }
    before = now
  }
}
