// A failed load of the reports page's sections (a year chosen, the statuses refreshed, the page's data asked again
// after a form): which failures leave the page (a redirect to log in, 403, the 404 page) and which are shown over it
// in the modal 'Ошибка' with the server's detail (spec §8), the sections already shown kept under it.
import { isRouteErrorResponse } from '@remix-run/react'

export interface LoadFailure {
  loadError: string
}

/** Shown when the answer carries no words of the server's (a dropped connection, an unexpected server error). */
export const LOAD_FAILED = 'Не удалось загрузить разделы отчётности. Попробуйте обновить страницу позже.'

/** A redirect, a missing company or a refused user: the route's error page or the new address, as on a first load. */
export function leavesThePage(error: unknown): boolean {
  if (error instanceof Response) return true
  return isRouteErrorResponse(error) && [401, 403, 404].includes(error.status)
}

/** The server's detail of a failed load: what its answer said (`detail`, or the text of a refusal), else LOAD_FAILED. */
export function loadFailureText(error: unknown, answerDetail: string | null): string {
  if (answerDetail) return answerDetail
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown
    if (typeof data === 'string' && data.trim() !== '') return data
    const detail = (data as { detail?: unknown } | null)?.detail
    if (typeof detail === 'string' && detail.trim() !== '') return detail
  }
  return LOAD_FAILED
}
