// Peak resident memory of a process and its descendants (the web processes of a cluster), sampled from /proc.
import { readdirSync, readFileSync } from 'node:fs'

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (2nd field) may hold spaces: fields after its closing parenthesis are fixed.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return null
  }
}

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) : 0
  } catch {
    return 0
  }
}

/** The pid and every descendant pid, read from /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    const parent = parentOf(pid)
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid])
  }
  const tree: number[] = []
  const walk = (pid: number) => {
    tree.push(pid)
    for (const child of children.get(pid) ?? []) walk(child)
  }
  walk(root)
  return tree
}

/** Current resident memory of a process tree, in MB. */
export function treeRssMb(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + rssKb(pid), 0) / 1024
}

/** Samples a process tree's RSS every interval until stopped; returns the peak in MB. */
export function sampleRss(root: number, intervalMs = 250): { stop(): number } {
  let peak = treeRssMb(root)
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(root))
  }, intervalMs)
  // A case that fails before it stops its sampler must not keep the bench from exiting (a failed run once hung
  // after printing its table).
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      return Math.round(Math.max(peak, treeRssMb(root)))
    },
  }
}
