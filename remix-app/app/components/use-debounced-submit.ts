// Submits a search form 750 ms after the last keystroke (spec §5, §9); a pending submit dies with the page.
import { type SubmitOptions, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'

export const SEARCH_DEBOUNCE_MS = 750

export function useDebouncedSubmit(options: SubmitOptions = {}): (form: HTMLFormElement | null) => void {
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  return (form) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => form && submit(form, options), SEARCH_DEBOUNCE_MS)
  }
}
