// Refreshes the page's data every 5 seconds while a file is being checked or deleted, and stops when none is.
import { useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'

export const POLL_MS = 5000

export function useStatusPolling(active: boolean, ms = POLL_MS): void {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => {
      // A revalidation still under way is not doubled; the loader answers the statuses and drops removed files.
      if (revalidator.state === 'idle') revalidator.revalidate()
    }, ms)
    return () => clearInterval(timer)
  }, [active, ms, revalidator])
}
