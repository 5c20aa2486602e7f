// Which failed loads of the reports page's sections leave the page, and the words the modal 'Ошибка' shows for the rest.
import { describe, expect, it } from 'vitest'
import { LOAD_FAILED, leavesThePage, loadFailureText } from '../app/features/reports/components/load-failure.ts'

/** An answer the loader threw, as Remix hands it to the browser (an ErrorResponse). */
const thrown = (status: number, data: unknown) => ({ status, statusText: '', internal: false, data })

describe("a failed load of the reports page's sections", () => {
  it('leaves the page for a redirect, a refusal and a missing company, as a first load does', () => {
    expect(leavesThePage(new Response(null, { status: 302, headers: { location: '/login' } }))).toBe(true)
    for (const status of [401, 403, 404]) expect(leavesThePage(thrown(status, null)), String(status)).toBe(true)
    expect(leavesThePage(thrown(500, 'x'))).toBe(false)
    expect(leavesThePage(new Error('Unable to decode turbo-stream response'))).toBe(false)
  })

  it("shows the server's own words: a JSON answer's detail first, then a refusal's text or detail, else the Russian fallback", () => {
    expect(loadFailureText(new Error('Unable to decode turbo-stream response'), 'Слишком много запросов.')).toBe('Слишком много запросов.')
    expect(loadFailureText(thrown(409, 'Отчёт изменён, обновите страницу.'), null)).toBe('Отчёт изменён, обновите страницу.')
    expect(loadFailureText(thrown(500, { detail: 'База данных недоступна.' }), null)).toBe('База данных недоступна.')
    for (const empty of [null, '', '   ', { detail: 42 }, { detail: '' }, ['__proto__']]) expect(loadFailureText(thrown(500, empty), null)).toBe(LOAD_FAILED)
    expect(loadFailureText(new Error('Unexpected Server Error'), null)).toBe(LOAD_FAILED)
    expect(loadFailureText(undefined, null)).toBe(LOAD_FAILED)
  })
})
