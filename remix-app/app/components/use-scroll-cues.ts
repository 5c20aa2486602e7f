// A table wider than the screen scrolls inside its box (`.table-scroll`); on a phone nothing showed that it did. Every
// such box on the page is marked `data-overflow` while its content is wider than it, and `data-at-end` once scrolled
// to the end: the styles then draw a shadow on the side that hides columns and a line saying the table scrolls.
// A box that scrolls can be focused, so a keyboard user can scroll it too.
// One watcher for the whole page, so every table of every screen gets it (issue 26, decision 2661).
import { useEffect } from 'react'

export const SCROLL_BOX = '.table-scroll'

/** The name of the table a box holds, for the box a keyboard user lands on. */
function tableName(box: HTMLElement): string {
  const table = box.querySelector('table')
  const labelledBy = table?.getAttribute('aria-labelledby')
  const named = (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ?? table?.getAttribute('aria-label') ?? table?.querySelector('caption')?.textContent
  return named?.trim() || 'Таблица'
}

function mark(box: HTMLElement): void {
  const overflow = box.scrollWidth > box.clientWidth + 1
  box.toggleAttribute('data-overflow', overflow)
  // A box that scrolls is reached by the keyboard (Tab, then the arrow keys), also when its rows hold no link or
  // button (axe scrollable-region-focusable); marked by us, so given back when it no longer scrolls.
  if (overflow && !box.hasAttribute('tabindex')) {
    box.setAttribute('tabindex', '0')
    box.setAttribute('role', 'region')
    box.setAttribute('aria-label', `${tableName(box)} (прокручивается)`)
    box.dataset.scrollFocus = ''
  } else if (!overflow && box.dataset.scrollFocus !== undefined) {
    for (const name of ['tabindex', 'role', 'aria-label', 'data-scroll-focus']) box.removeAttribute(name)
  }
  box.toggleAttribute('data-at-end', overflow && box.scrollLeft + box.clientWidth >= box.scrollWidth - 1)
  box.toggleAttribute('data-at-start', !overflow || box.scrollLeft <= 1)
}

export function useScrollCues(): void {
  useEffect(() => {
    const watched = new WeakSet<HTMLElement>()
    const sizes = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const box = (entry.target as HTMLElement).closest<HTMLElement>(SCROLL_BOX)
        if (box) mark(box)
      }
    })
    const onScroll = (event: Event) => {
      const box = event.target instanceof HTMLElement && event.target.matches(SCROLL_BOX) ? event.target : null
      if (box) mark(box)
    }
    let frame = 0
    const scan = () => {
      frame = 0
      for (const box of document.querySelectorAll<HTMLElement>(SCROLL_BOX)) {
        if (!watched.has(box)) {
          watched.add(box)
          sizes.observe(box)
          // The table inside grows with its rows (a list's next page, an accordion opened) while the box may not.
          if (box.firstElementChild) sizes.observe(box.firstElementChild)
        }
        mark(box)
      }
    }
    // New boxes come with every navigation and revalidation: one scan per frame at most.
    const changes = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(scan)
    })
    changes.observe(document.body, { childList: true, subtree: true })
    document.addEventListener('scroll', onScroll, true)
    scan()
    return () => {
      changes.disconnect()
      sizes.disconnect()
      document.removeEventListener('scroll', onScroll, true)
      cancelAnimationFrame(frame)
    }
  }, [])
}
