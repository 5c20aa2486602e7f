// The Department's decision on a report: agree or decline with a comment and an optional file, or cancel a decision.
import type { ReportStatus } from '@portal/migrations/database.ts'
import { useRevalidator } from '@remix-run/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ModalDialog } from '../../../components/modal-dialog.tsx'
import { useReportsPage } from './page-context.ts'
import { sendDecision } from './workflow-api.ts'

type Decision = 'agreed' | 'rejected' | 'consideration'

const TITLES: Record<Decision, string> = { agreed: 'Согласовать отчёт', rejected: 'Отклонить отчёт', consideration: 'Отменить решение' }
const BUTTONS: Record<Decision, string> = { agreed: 'Согласовать', rejected: 'Отклонить', consideration: 'Отменить решение' }

/** headingId: the section heading that takes the focus after a decision, as the button that had it goes away. */
export function DecisionButtons({ reportId, status, title, headingId }: { reportId: number; status: ReportStatus; title: string; headingId: string }) {
  const { csrfToken, maxUploadMb } = useReportsPage()
  const revalidator = useRevalidator()
  const [decision, setDecision] = useState<Decision | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const formId = useId()
  const offered: Decision[] = status === 'consideration' ? ['agreed', 'rejected'] : ['consideration']
  const decided = useRef(false)
  // Runs after the dialog's own effect has closed it (children first), so this focus is the last word.
  useEffect(() => {
    if (decision !== null || !decided.current) return
    decided.current = false
    document.getElementById(headingId)?.focus()
  }, [decision, headingId])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const comment = String(form.get('comment') ?? '').trim()
    if (decision === 'rejected' && !comment) {
      setError('Укажите причину отклонения в комментарии')
      return
    }
    const file = form.get('files')
    if (file instanceof File && file.size === 0 && !file.name) form.delete('files')
    if (file instanceof File && file.size > maxUploadMb * 1024 * 1024) {
      setError(`Максимальный размер загружаемого файла ${maxUploadMb} Мб`)
      return
    }
    setBusy(true)
    const answer = await sendDecision(reportId, form, csrfToken)
    setBusy(false)
    if (!answer.ok) {
      setError(answer.detail)
      return
    }
    decided.current = true
    setDecision(null)
    revalidator.revalidate()
  }

  return (
    <span className="decision-buttons">
      {offered.map((d) => (
        <button key={d} type="button" className={d === 'rejected' ? 'button button-danger' : 'button'} onClick={() => { setError(null); setDecision(d) }}>
          {BUTTONS[d]}
          <span className="visually-hidden"> ({title})</span>
        </button>
      ))}
      <ModalDialog
        open={decision !== null}
        title={decision ? TITLES[decision] : ''}
        onClose={() => setDecision(null)}
        confirmLabel={decision ? BUTTONS[decision] : 'OK'}
        confirmForm={formId}
        cancelLabel="Отмена"
        busy={busy}
        wide
      >
        <form id={formId} onSubmit={submit} className="modal-form" encType="multipart/form-data" noValidate>
          <input type="hidden" name="status" value={decision ?? ''} />
          <p className="hint">{title}</p>
          <label className="field">
            Комментарий{decision === 'rejected' ? ' (обязательно)' : ''}
            <textarea name="comment" rows={4} maxLength={5000} required={decision === 'rejected'} />
          </label>
          {decision !== 'consideration' ? (
            <label className="field">
              Файл (необязательно)
              <input type="file" name="files" />
            </label>
          ) : null}
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </ModalDialog>
    </span>
  )
}
