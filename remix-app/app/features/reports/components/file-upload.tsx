// Choosing files uploads each in its own request with its own progress bar; refusals show as a 3-second tooltip.
import type { ReportType } from '../server/reports-page.server.ts'
import { useRevalidator } from '@remix-run/react'
import { type ChangeEvent, useId, useState } from 'react'
import { useReportsPage } from './page-context.ts'
import { NO_RESPONSIBLE, tooLarge } from './report-texts.ts'
import { useTooltip } from './use-tooltip.ts'
import { NoScriptUpload } from './no-script-forms.tsx'
import { ensureReport, uploadFile } from './workflow-api.ts'

export interface UploadTarget {
  reportType: ReportType
  reportId: number | null
  /** The area of the section; null for the company's own reports. */
  areaId: number | null
  responsibleId: number | null
  title: string
  /** The file types the picker offers (`accept=`), from the upload declarations. */
  accept: string
}

interface Progress {
  key: string
  name: string
  loaded: number
  total: number
  state: 'sending' | 'done' | 'failed'
}

export function FileUpload({ target }: { target: UploadTarget }) {
  const { csrfToken, maxUploadMb, year, companyId } = useReportsPage()
  const revalidator = useRevalidator()
  const inputId = useId()
  const [progress, setProgress] = useState<Progress[]>([])
  const [tooltip, showTooltip] = useTooltip()

  const update = (key: string, change: Partial<Progress>) => setProgress((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)))

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.currentTarget.files ?? [])
    event.currentTarget.value = ''
    if (chosen.length === 0) return
    if (!target.responsibleId) {
      showTooltip(NO_RESPONSIBLE)
      return
    }
    // Refused before sending: the server would refuse it too, after the whole file had travelled.
    const limit = maxUploadMb * 1024 * 1024
    const files = chosen.filter((f) => f.size <= limit)
    if (files.length < chosen.length) showTooltip(tooLarge(maxUploadMb))
    if (files.length === 0) return

    let reportId = target.reportId
    if (reportId === null) {
      const created = await ensureReport(
        { year, report_type: target.reportType, ...(target.areaId !== null ? { area: target.areaId } : { company: companyId }) },
        csrfToken,
      )
      if (!created.id) {
        showTooltip(created.answer.detail ?? 'Не удалось создать отчёт')
        return
      }
      reportId = created.id
    }

    const started = files.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, name: file.name, loaded: 0, total: file.size, state: 'sending' as const }))
    setProgress(started)
    let firstError: string | null = null
    await Promise.all(
      files.map(async (file, i) => {
        const key = started[i].key
        const answer = await uploadFile(
          {
            report: reportId!,
            description: file.name,
            ...(target.areaId !== null ? { ecomon_responsible: target.responsibleId! } : { company_responsible: target.responsibleId! }),
          },
          file,
          csrfToken,
          (loaded, total) => update(key, { loaded, total }),
        )
        update(key, answer.ok ? { state: 'done', loaded: file.size, total: file.size } : { state: 'failed' })
        if (!answer.ok && firstError === null) firstError = answer.detail
      }),
    )
    if (firstError) showTooltip(firstError)
    revalidator.revalidate()
  }

  return (
    <>
    <NoScriptUpload target={target} />
    <div className="upload">
      {/* Said before a file is picked (issue 14); picking one anyway still shows the spec's 3-second tooltip. */}
      {!target.responsibleId ? (
        <p id={`${inputId}-needs`} className="hint upload-needs">
          Перед загрузкой внесите данные ответственного лица.
        </p>
      ) : null}
      <input
        id={inputId}
        type="file"
        multiple
        accept={target.accept}
        className="visually-hidden-input"
        onChange={choose}
        aria-label={`Загрузить файлы: ${target.title}`}
        aria-describedby={[tooltip ? `${inputId}-tip` : '', !target.responsibleId ? `${inputId}-needs` : ''].filter(Boolean).join(' ') || undefined}
      />
      {/* After the input, so the button shows the input's keyboard focus (input:focus-visible + label). */}
      <label htmlFor={inputId} className="button upload-button">
        Загрузить файлы
      </label>
      {tooltip ? (
        <p id={`${inputId}-tip`} className="tooltip" role="alert">
          {tooltip}
        </p>
      ) : null}
      {progress.length > 0 ? (
        <ul className="upload-progress" aria-label="Загрузка файлов">
          {progress.map((p) => (
            <li key={p.key}>
              <span className="upload-name">{p.name}</span>
              <progress
                max={p.total || 1}
                value={p.loaded}
                aria-label={`Загрузка файла ${p.name}`}
                aria-valuetext={p.state === 'failed' ? 'не загружен' : `${Math.round((p.loaded / (p.total || 1)) * 100)}%`}
              />
              <span className="upload-state">{p.state === 'sending' ? `${Math.round((p.loaded / (p.total || 1)) * 100)}%` : p.state === 'done' ? 'Загружен' : 'Не загружен'}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
    </>
  )
}
