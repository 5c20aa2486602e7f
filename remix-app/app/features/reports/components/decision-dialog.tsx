// The Department's decision on a report: agree or decline with a comment and an optional file, or cancel a decision.
// The form posts to the page's action (intent=decide), which calls the same use-case as the API's PUT.
import type { ReportStatus } from '../server/reports-page.server.ts'
import type { ReportsActionAnswer } from '../server/reports-actions.server.ts'
import { useFetcher } from '@remix-run/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ModalDialog } from '../../../components/modal-dialog.tsx'
import { useReportsPage } from './page-context.ts'
import { NoScriptDecision } from './no-script-forms.tsx'
import { FormError } from '../../../components/form-error.tsx'
import { decisionsFrom, type OfferedDecision, type ReportDecisionRow } from '@portal/workflow-domain/views.ts'

/** Each button weighted by its consequence (the decision's `tone`). */
const BUTTON_CLASSES: Record<ReportDecisionRow['tone'], string> = { primary: 'button', danger: 'button button-danger', secondary: 'button button-secondary' }

/** headingId: the section heading that takes the focus after a decision, as the button that had it goes away. */
/** agreeBlocked: why agreeing is not possible yet (the button is disabled and says so); null when it is. */
export function DecisionButtons({
  reportId,
  status,
  title,
  headingId,
  agreeBlocked = null,
}: {
  reportId: number
  status: ReportStatus
  title: string
  headingId: string
  agreeBlocked?: string | null
}) {
  const reasonId = useId()
  const { csrfToken, maxUploadMb } = useReportsPage()
  const fetcher = useFetcher<ReportsActionAnswer>()
  const [decision, setDecision] = useState<OfferedDecision | null>(null)
  const [error, setError] = useState<string | null>(null)
  const busy = fetcher.state !== 'idle'
  const sent = useRef(false)
  const formId = useId()
  const offered = decisionsFrom(status)
  const decided = useRef(false)
  // Runs after the dialog's own effect has closed it (children first), so this focus is the last word.
  useEffect(() => {
    if (decision !== null || !decided.current) return
    decided.current = false
    document.getElementById(headingId)?.focus()
  }, [decision, headingId])
  // The action's answer: a refusal stays in the dialog; a decision closes it (the fetcher reloads the page's data).
  useEffect(() => {
    if (fetcher.state !== 'idle' || !sent.current || !fetcher.data) return
    sent.current = false
    if (!fetcher.data.ok) {
      setError(fetcher.data.message ?? 'Не удалось сохранить решение')
      return
    }
    decided.current = true
    setDecision(null)
  }, [fetcher.state, fetcher.data])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const comment = String(form.get('comment') ?? '').trim()
    if (decision?.commentRequired && !comment) {
      setError('Укажите причину отклонения в комментарии')
      return
    }
    const file = form.get('files')
    if (file instanceof File && file.size === 0 && !file.name) form.delete('files')
    if (file instanceof File && file.size > maxUploadMb * 1024 * 1024) {
      setError(`Максимальный размер загружаемого файла ${maxUploadMb} Мб`)
      return
    }
    // The CSRF token is the first field: the server reads it off the stream before any file byte (decision 1230).
    const body = new FormData()
    body.set('csrfmiddlewaretoken', csrfToken)
    body.set('intent', 'decide')
    body.set('report', String(reportId))
    for (const [name, value] of form) if (name !== 'csrfmiddlewaretoken' && name !== 'intent' && name !== 'report') body.append(name, value)
    sent.current = true
    fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' })
  }

  return (
    <>
    <NoScriptDecision reportId={reportId} status={status} title={title} agreeBlocked={agreeBlocked} />
    <span className="decision-buttons">
      {offered.map((d) => {
        const blocked = d.verb === 'agree' ? agreeBlocked : null
        return (
          <button
            key={d.verb}
            type="button"
            className={BUTTON_CLASSES[d.tone]}
            disabled={blocked !== null}
            aria-describedby={blocked !== null ? reasonId : undefined}
            onClick={() => {
              setError(null)
              setDecision(d)
            }}
          >
            {d.button}
            <span className="visually-hidden"> ({title})</span>
          </button>
        )
      })}
      {offered.some((d) => d.verb === 'agree') && agreeBlocked !== null ? (
        <span id={reasonId} className="hint agree-blocked">
          Согласовать нельзя: {agreeBlocked.toLowerCase()}
        </span>
      ) : null}
      <ModalDialog
        open={decision !== null}
        title={decision?.title ?? ''}
        onClose={() => setDecision(null)}
        confirmLabel={decision?.button ?? 'OK'}
        tone={decision?.tone === 'danger' ? 'danger' : 'primary'}
        confirmForm={formId}
        cancelLabel="Отмена"
        busy={busy}
        wide
      >
        <form id={formId} onSubmit={submit} className="modal-form" encType="multipart/form-data" noValidate>
          <input type="hidden" name="status" value={decision?.to ?? ''} />
          <p className="hint">{title}</p>
          <label className="field">
            Комментарий{decision?.commentRequired ? ' (обязательно)' : ''}
            <textarea name="comment" rows={4} maxLength={5000} required={decision?.commentRequired === true} />
          </label>
          {decision?.takesFiles ? (
            <label className="field">
              Файл (необязательно)
              <input type="file" name="files" />
            </label>
          ) : null}
          <FormError message={error} />
        </form>
      </ModalDialog>
    </span>
    </>
  )
}
