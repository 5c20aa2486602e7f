// «Проверить без отправки» of a section (decision 2420): a file checked as its upload would be, nothing sent to the
// Department. The form posts to the page's precheck route; with JavaScript both buttons answer here (the findings
// under the form, the marked book as a download), without it «Скачать файл с отметками» is a plain form post.
import { useHref } from '@remix-run/react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import type { FileProblem } from '../server/reports-page.server.ts'
import type { UploadTarget } from './upload-target.ts'
import { problemText } from './file-list.tsx'
import { useReportsPage } from './page-context.ts'
import type { ChangesSummary } from '@portal/workflow-domain/views.ts'
import { PrecheckChanges } from './precheck-changes.tsx'

interface Findings {
  name: string
  ok: boolean
  rows: number
  results: Array<FileProblem & { level: 'error' | 'warning' }>
  changes?: ChangesSummary | null
}

/** The marked book's name as the server's Content-Disposition gives it (RFC 5987), or a plain one. */
function downloadName(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')
  return encoded ? decodeURIComponent(encoded[1]) : 'Проверка.xlsx'
}

export function PrecheckForm({ target }: { target: UploadTarget }) {
  const { csrfToken, year, companyId } = useReportsPage()
  const id = useId()
  const action = useHref(`/companies/${companyId}/reports/precheck`)
  // The findings button needs the script; before it runs (or without it) only the download is offered.
  const [scripted, setScripted] = useState(false)
  useEffect(() => setScripted(true), [])
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [findings, setFindings] = useState<Findings | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    event.preventDefault()
    const form = event.currentTarget
    const intent = submitter?.value === 'marked' ? 'marked' : 'check'
    const body = new FormData(form)
    body.set('intent', intent)
    setBusy(true)
    setMessage(null)
    try {
      const response = await fetch(form.action, { method: 'POST', body, headers: { Accept: intent === 'marked' ? 'application/octet-stream' : 'application/json' } })
      if (!response.ok) {
        setMessage((await response.text()) || `Ошибка ${response.status}`)
        return
      }
      if (intent === 'check') {
        setFindings((await response.json()) as Findings)
        return
      }
      const link = document.createElement('a')
      link.href = URL.createObjectURL(await response.blob())
      link.download = downloadName(response.headers.get('content-disposition'))
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000)
    } catch {
      setMessage('Нет связи с сервером')
    } finally {
      setBusy(false)
    }
  }

  const errors = findings?.results.filter((f) => f.level === 'error') ?? []
  const warnings = findings?.results.filter((f) => f.level === 'warning') ?? []
  return (
    <details className="precheck">
      <summary>
        Проверить без отправки<span className="visually-hidden"> ({target.title})</span>
      </summary>
      <form method="post" encType="multipart/form-data" action={action} onSubmit={submit} className="precheck-form">
        {/* The CSRF token first: the server reads it before the file. */}
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <input type="hidden" name="year" value={year} />
        <input type="hidden" name="report_type" value={target.reportType} />
        {target.areaId !== null ? <input type="hidden" name="area" value={target.areaId} /> : null}
        <p className="hint">Файл проверяется так же, как при загрузке, но не отправляется: Департамент его не увидит.</p>
        <label htmlFor={`${id}-file`}>Файл</label>
        <input id={`${id}-file`} type="file" name="file" required accept={target.accept} onChange={() => setFindings(null)} />
        <div className="precheck-buttons">
          {scripted ? (
            <button type="submit" name="intent" value="check" className="button" disabled={busy}>
              Проверить<span className="visually-hidden"> ({target.title})</span>
            </button>
          ) : null}
          <button type="submit" name="intent" value="marked" className="button" disabled={busy}>
            Скачать файл с отметками<span className="visually-hidden"> ({target.title})</span>
          </button>
        </div>
        <div aria-live="polite">
          {busy ? <p className="hint">Файл проверяется…</p> : null}
          {message ? (
            <p className="precheck-message" role="alert">
              {message}
            </p>
          ) : null}
          {findings ? (
            <div className="precheck-findings">
              <p className="precheck-summary">
                {findings.ok
                  ? `Ошибок нет: файл «${findings.name}» пройдёт проверку (строк данных: ${findings.rows}).`
                  : `Файл «${findings.name}» не пройдёт проверку: ошибок ${errors.length}, предупреждений ${warnings.length}.`}
              </p>
              {errors.length > 0 ? (
                <ul className="file-problems" aria-label={`Ошибки проверки файла ${findings.name}`}>
                  {errors.map((p, i) => (
                    <li key={i}>{problemText(p)}</li>
                  ))}
                </ul>
              ) : null}
              {warnings.length > 0 ? (
                <ul className="file-warnings" aria-label={`Предупреждения проверки файла ${findings.name}`}>
                  {warnings.map((p, i) => (
                    <li key={i}>Предупреждение: {problemText(p)}</li>
                  ))}
                </ul>
              ) : null}
              {findings.changes ? <PrecheckChanges changes={findings.changes} fileName={findings.name} /> : null}
            </div>
          ) : null}
        </div>
      </form>
    </details>
  )
}
