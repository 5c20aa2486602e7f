// The `detail` of a page data answer that failed. Remix reads a page's data from `<address>.data` (single fetch) and
// throws away the body of an answer it cannot decode: the web server's own JSON refusal (too many requests, a node at
// its connection cap, a proxy in front) reaches a clientLoader as a bare «Unable to decode» error. Watching the answers
// keeps that text, so the page can show the server's own words (spec §8: the modal 'Ошибка' with the server's detail).

let latest: { seen: number; detail: string | null } = { seen: 0, detail: null }
let watching = false

function isDataRequest(input: RequestInfo | URL): boolean {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  return new URL(url, window.location.href).pathname.endsWith('.data')
}

async function detailOf(response: Response): Promise<string | null> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null
  try {
    const body = (await response.clone().json()) as { detail?: unknown } | null
    return typeof body?.detail === 'string' && body.detail.trim() !== '' ? body.detail : null
  } catch {
    return null
  }
}

/** Starts watching (once per page): every failed data answer's detail, read from a copy before Remix reads it. */
export function watchDataAnswers(): void {
  if (watching || typeof window === 'undefined') return
  watching = true
  const original = window.fetch.bind(window)
  window.fetch = async (input, init) => {
    const response = await original(input, init)
    if (response.status >= 400 && isDataRequest(input)) latest = { seen: latest.seen + 1, detail: await detailOf(response) }
    return response
  }
}

/** How many failed data answers were seen so far: a mark to ask `detailSince` with. */
export const failedAnswersSeen = (): number => latest.seen

/** The detail of the last failed data answer, if one failed after the mark. */
export const detailSince = (mark: number): string | null => (latest.seen > mark ? latest.detail : null)
