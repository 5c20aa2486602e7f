// Browser calls of the workflow REST API that a page form cannot make: uploads streamed with progress, each naming
// its report or its section (the report is then made with the upload). The API's routes call the same use-cases as
// the page's actions.
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
  fields: ({ report: number } | { year: number; report_type: ReportType; area?: number; company?: number }) & { description: string; ecomon_responsible?: number; company_responsible?: number },
  file: File,
  csrfToken: string,
  onProgress: (loaded: number, total: number) => void,
): Promise<ApiAnswer> {
  return new Promise((resolve) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== null) form.set(name, String(value))
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

/** Whether a file can be downloaded, asked before the browser leaves for it (HEAD: no bytes are sent). */
export async function canDownload(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { method: 'HEAD' })).ok
  } catch {
    return false
  }
}
