// Whether the work running now may have a read asked again when its connection drops: a GET or HEAD request, whose
// answer changes nothing (decision 3504). Held per request in AsyncLocalStorage, so the driver can ask it without
// every use-case passing it down; outside any request (a command line, a job) nothing is asked again.
import { AsyncLocalStorage } from 'node:async_hooks'

const scope = new AsyncLocalStorage<boolean>()

/** Runs `work` (and everything it starts) as work whose reads may be asked again once on a fresh connection. */
export function runSafeToRetry<T>(work: () => T): T {
  return scope.run(true, work)
}

/** true inside runSafeToRetry: a read that lost its connection is asked again once. */
export function safeToRetry(): boolean {
  return scope.getStore() === true
}

/** The methods of HTTP whose requests change nothing (RFC 9110's safe methods that carry no body). */
export const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD'
