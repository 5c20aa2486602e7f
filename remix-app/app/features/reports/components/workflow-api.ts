// Browser calls of the workflow REST API that a page form cannot make: uploads streamed with progress (and the
// report they go to). The API's routes call the same use-cases as the page's actions.
import type { ReportType } from '../server/reports-page.server.ts'

export interface ApiAnswer {
  ok: boolean
  status: number
  /** The server's message ({detail}) of a refused call. */
  detail: string | null
}

function detailOf(status: number, text: string): string | null {
  if (status < 400) return null
  try {
    const body = JSON.parse(text) as { detail?: unknown }
    if (typeof body.detail === 'string') return body.detail
  } catch {
    // not JSON: a proxy's or the network's answer
  }
  return `Ошибка ${status}`
}

/** Sends one file in its own request; XMLHttpRequest because fetch reports no upload progress. */
export function uploadFile(
  fields: { report: number; description: string; ecomon_responsible?: number; company_responsible?: number },
  file: File,
  csrfToken: string,
  onProgress: (loaded: number, total: number) => void,
): Promise<ApiAnswer> {
  return new Promise((resolve) => {
    const form = new FormData()
    form.set('report', String(fields.report))
    form.set('description', fields.description)
    if (fields.ecomon_responsible) form.set('ecomon_responsible', String(fields.ecomon_responsible))
    if (fields.company_responsible) form.set('company_responsible', String(fields.company_responsible))
    // The file goes last: the server reads the fields before it streams the file to storage.
    form.set('file', file, file.name)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/v1/import-files/')
    xhr.setRequestHeader('X-CSRFToken', csrfToken)
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size)
    xhr.onload = () => resolve({ ok: xhr.status < 300, status: xhr.status, detail: detailOf(xhr.status, xhr.responseText) })
    xhr.onerror = () => resolve({ ok: false, status: 0, detail: 'Нет связи с сервером' })
    xhr.send(form)
  })
}

/** Creates the report of a section if it does not exist yet (the API answers the existing one otherwise). */
export async function ensureReport(
  body: { year: number; report_type: ReportType; area?: number; company?: number },
  csrfToken: string,
): Promise<{ id: number | null; answer: ApiAnswer }> {
  try {
    const response = await fetch('/api/v1/import-reports/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrfToken },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    const answer = { ok: response.ok, status: response.status, detail: detailOf(response.status, text) }
    return { id: response.ok ? (JSON.parse(text) as { id: number }).id : null, answer }
  } catch {
    return { id: null, answer: { ok: false, status: 0, detail: 'Нет связи с сервером' } }
  }
}

/** Whether a file can be downloaded, asked before the browser leaves for it (HEAD: no bytes are sent). */
export async function canDownload(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { method: 'HEAD' })).ok
  } catch {
    return false
  }
}
