// An upload's refusal: it shows as the spec's tooltip for TOOLTIP_MS (spec §9: tooltips last 3000 ms) and then stays
// beside the button as a plain line until the person dismisses it, so a refusal is never gone before it is read
// (issue 26, decision 2660).
import { useCallback, useEffect, useRef, useState } from 'react'

export const TOOLTIP_MS = 3000

export interface Refusal {
  text: string
  /** Within its first TOOLTIP_MS: drawn as the tooltip. */
  fresh: boolean
}

export function useRefusal(ms = TOOLTIP_MS): [Refusal | null, (text: string) => void, () => void] {
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current)
      setRefusal({ text, fresh: true })
      timer.current = setTimeout(() => setRefusal((r) => (r ? { ...r, fresh: false } : r)), ms)
    },
    [ms],
  )
  const dismiss = useCallback(() => {
    clearTimeout(timer.current)
    setRefusal(null)
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])
  return [refusal, show, dismiss]
}
