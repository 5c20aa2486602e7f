// A message that shows for a while and goes (spec §9: tooltips last 3000 ms).
import { useCallback, useEffect, useRef, useState } from 'react'

export const TOOLTIP_MS = 3000

export function useTooltip(ms = TOOLTIP_MS): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current)
      setMessage(text)
      timer.current = setTimeout(() => setMessage(null), ms)
    },
    [ms],
  )
  useEffect(() => () => clearTimeout(timer.current), [])
  return [message, show]
}
