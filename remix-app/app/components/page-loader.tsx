// The loader overlay: shown while a client-side navigation or a fetch of the page is under way.
import { useFetchers, useNavigation } from '@remix-run/react'
import { useSyncExternalStore } from 'react'

let pending = 0
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((l) => l())

/** fetch() with the loader on while it runs (and off when it ends or fails). */
export async function trackedFetch(input: RequestInfo, init?: RequestInit): Promise<Response> {
  pending += 1
  notify()
  try {
    return await fetch(input, init)
  } finally {
    pending -= 1
    notify()
  }
}

function usePendingFetches(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => pending,
    () => 0,
  )
}

export function PageLoader() {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const busy = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle') || usePendingFetches() > 0
  if (!busy) return null
  return (
    <div className="page-loader" role="progressbar" aria-label="Загрузка">
      <span className="spinner" />
    </div>
  )
}
