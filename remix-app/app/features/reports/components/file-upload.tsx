// Choosing files uploads each in its own request with its own progress bar. A refusal (no responsible person, a type
// this section does not take, too large, the server's first error) stays until dismissed; a finished upload's bar goes,
// the file then stands in the section's list; a failed one's row says «Не загружен» without a bar.
import type { ReportType } from '../server/reports-page.server.ts'
import { useRevalidator } from '@remix-run/react'
import { type ChangeEvent, useId, useState } from 'react'
import { useReportsPage } from './page-context.ts'
import { tooLarge, wrongType } from './report-texts.ts'
import { useRefusal } from './use-tooltip.ts'
import { NoScriptUpload } from './no-script-forms.tsx'
import { uploadFile } from './workflow-api.ts'
import type { UploadTarget } from './upload-target.ts'

interface Progress {
  key: string
  name: string
  loaded: number
  total: number
  state: 'sending' | 'done' | 'failed'
}

/** `closed`: the report is agreed, nothing more can be uploaded; a refusal already shown stays until dismissed. */
export function FileUpload({ target, closed = false }: { target: UploadTarget; closed?: boolean }) {
  const { csrfToken, maxUploadMb, year, companyId } = useReportsPage()
  const revalidator = useRevalidator()
  const inputId = useId()
  const [progress, setProgress] = useState<Progress[]>([])
  const [refusal, showTooltip, dismissRefusal] = useRefusal()
  const extensions = target.accept.split(',').filter((a) => a.startsWith('.'))
  const needsResponsible = !target.responsibleId

  const update = (key: string, change: Partial<Progress>) => setProgress((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)))

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.currentTarget.files ?? [])
    event.currentTarget.value = ''
    if (chosen.length === 0 || needsResponsible) return
    // Refused before sending: a type the picker does not offer (chosen under «Все файлы») and a file over the limit.
    const wrong = chosen.find((f) => !extensions.some((e) => f.name.toLowerCase().endsWith(e)))
    const limit = maxUploadMb * 1024 * 1024
    const files = chosen.filter((f) => f !== wrong && extensions.some((e) => f.name.toLowerCase().endsWith(e)) && f.size <= limit)
    if (wrong) showTooltip(wrongType(wrong.name, target.acceptedTypes))
    else if (files.length < chosen.length) showTooltip(tooLarge(maxUploadMb))
    if (files.length === 0) return

    // A section without a report yet is named by its fields: the server makes its report with the first upload.
    const to = target.reportId !== null ? { report: target.reportId } : { year, report_type: target.reportType, ...(target.areaId !== null ? { area: target.areaId } : { company: companyId }) }
    const started = files.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, name: file.name, loaded: 0, total: file.size, state: 'sending' as const }))
    setProgress(started)
    let firstError: string | null = null
    await Promise.all(
      files.map(async (file, i) => {
        const key = started[i].key
        const answer = await uploadFile(
          {
            ...to,
            description: file.name,
            ...(target.areaId !== null ? { ecomon_responsible: target.responsibleId! } : { company_responsible: target.responsibleId! }),
          },
          file,
          csrfToken,
          (loaded, total) => update(key, { loaded, total }),
        )
        update(key, answer.ok ? { state: 'done', loaded: file.size, total: file.size } : { state: 'failed', loaded: 0 })
        if (!answer.ok && firstError === null) firstError = answer.detail
      }),
    )
    if (firstError) showTooltip(firstError)
    // The finished files now stand in the section's list: only the failed ones keep a row, until dismissed.
    setProgress((list) => list.filter((p) => p.state === 'failed'))
    revalidator.revalidate()
  }

  function dismiss() {
    dismissRefusal()
    setProgress((list) => list.filter((p) => p.state === 'sending'))
  }

  return (
    <>
    {closed ? null : <NoScriptUpload target={target} />}
    <div className="upload">
      {/* Said before a file can be picked (issue 14); the button stays disabled until the person is named (issue 26). */}
      {closed ? null : (
      <>
      {needsResponsible ? (
        <p id={`${inputId}-needs`} className="hint upload-needs">
          Перед загрузкой внесите данные ответственного лица.
        </p>
      ) : null}
      <input
        id={inputId}
        type="file"
        multiple
        accept={target.accept}
        disabled={needsResponsible}
        className="visually-hidden-input"
        onChange={choose}
        aria-label={`Загрузить файлы: ${target.title}`}
        aria-describedby={[refusal ? `${inputId}-tip` : '', needsResponsible ? `${inputId}-needs` : ''].filter(Boolean).join(' ') || undefined}
      />
      {/* After the input, so the button shows the input's keyboard focus (input:focus-visible + label). */}
      <label htmlFor={inputId} className={`button upload-button${needsResponsible ? ' disabled' : ''}`} aria-disabled={needsResponsible || undefined}>
        Загрузить файлы
      </label>
      </>
      )}
      {refusal ? (
        <div className={refusal.fresh ? 'tooltip upload-refusal' : 'upload-refusal'}>
          <p id={`${inputId}-tip`} role="alert">
            {refusal.text}
          </p>
          <button type="button" className="link-button" aria-label="Закрыть сообщение" onClick={dismiss}>
            ×
          </button>
        </div>
      ) : null}
      {progress.length > 0 ? (
        <ul className="upload-progress" aria-label="Загрузка файлов">
          {progress.map((p) => (
            <li key={p.key}>
              <span className="upload-name">{p.name}</span>
              {/* A failed file has no bar: a full one would read as taken. */}
              {p.state === 'sending' ? (
                <progress max={p.total || 1} value={p.loaded} aria-label={`Загрузка файла ${p.name}`} aria-valuetext={`${Math.round((p.loaded / (p.total || 1)) * 100)}%`} />
              ) : (
                <span />
              )}
              <span className="upload-state">{p.state === 'sending' ? `${Math.round((p.loaded / (p.total || 1)) * 100)}%` : p.state === 'done' ? 'Загружен' : 'Не загружен'}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
    </>
  )
}
