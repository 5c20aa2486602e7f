// The responsible person of an area or of the company for the year: a form for the holder, read-only for the Department.
import { useFetcher } from '@remix-run/react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import type { Responsible } from '../server/reports-page.server.ts'
import type { ReportsActionAnswer } from '../server/reports-actions.server.ts'
import { ModalDialog } from '../../../components/modal-dialog.tsx'
import { useReportsPage } from './page-context.ts'
import { NoScriptResponsible } from './no-script-forms.tsx'
import { responsibleErrors, responsibleFieldsOf, type ResponsibleErrors } from './responsible-rules.ts'
import { FormError } from '../../../components/form-error.tsx'

const FIELDS = [
  { name: 'fullname', label: 'ФИО', type: 'text', autoComplete: 'name' },
  { name: 'position', label: 'Должность', type: 'text', autoComplete: 'organization-title' },
  { name: 'phone', label: 'Телефон', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Электронная почта', type: 'email', autoComplete: 'email' },
] as const

export function ResponsibleButton({ responsible, areaId, title }: { responsible: Responsible | null; areaId: number | null; title: string }) {
  const { role, csrfToken, year } = useReportsPage()
  const [open, setOpen] = useState(false)
  const fetcher = useFetcher<ReportsActionAnswer>()
  const [errors, setErrors] = useState<ResponsibleErrors>({})
  const formId = useId()
  const answer = fetcher.data?.intent === 'responsible' ? fetcher.data : null

  useEffect(() => {
    if (fetcher.state !== 'idle' || !answer) return
    if (answer.ok) setOpen(false)
    else setErrors(answer.errors)
  }, [fetcher.state, answer])

  // The Department sees the person read-only, and only when one exists.
  if (role === 'department' && !responsible) return null

  function submit(event: FormEvent<HTMLFormElement>) {
    const found = responsibleErrors(responsibleFieldsOf(new FormData(event.currentTarget)))
    setErrors(found)
    if (Object.keys(found).length > 0) event.preventDefault()
  }

  return (
    <>
      {role === 'holder' ? <NoScriptResponsible responsible={responsible} areaId={areaId} title={title} /> : null}
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {responsible ? `Ответственное лицо: ${responsible.fullname}` : 'Внести ответственное лицо'}
        <span className="visually-hidden"> ({title})</span>
      </button>
      {role === 'department' && responsible ? (
        <ModalDialog open={open} title="Ответственное лицо" onClose={() => setOpen(false)}>
          <dl className="responsible-card">
            {FIELDS.map((f) => (
              <div key={f.name}>
                <dt>{f.label}</dt>
                <dd>{responsible[f.name]}</dd>
              </div>
            ))}
          </dl>
        </ModalDialog>
      ) : (
        <ModalDialog
          open={open}
          title="Ответственное лицо"
          onClose={() => {
            setOpen(false)
            setErrors({})
          }}
          confirmLabel="Сохранить"
          confirmForm={formId}
          cancelLabel="Отмена"
          busy={fetcher.state !== 'idle'}
          wide
        >
          <fetcher.Form method="post" id={formId} onSubmit={submit} noValidate className="modal-form">
            <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
            <input type="hidden" name="intent" value="responsible" />
            <input type="hidden" name="scope" value={areaId !== null ? 'area' : 'company'} />
            {areaId !== null ? <input type="hidden" name="area" value={areaId} /> : null}
            <input type="hidden" name="year" value={year} />
            {responsible ? <input type="hidden" name="id" value={responsible.id} /> : null}
            <p className="hint">
              {title}, {year} год
            </p>
            {FIELDS.map((f) => (
              <label key={f.name} className="field">
                {f.label}
                <input
                  name={f.name}
                  type={f.type}
                  required
                  defaultValue={responsible?.[f.name] ?? ''}
                  autoComplete={f.autoComplete}
                  aria-invalid={errors[f.name] ? true : undefined}
                  aria-describedby={errors[f.name] ? `${formId}-${f.name}-error` : undefined}
                />
                {errors[f.name] ? (
                  <span id={`${formId}-${f.name}-error`} className="field-error">
                    {errors[f.name]}
                  </span>
                ) : null}
              </label>
            ))}
            <FormError message={answer && !answer.ok ? answer.message : null} />
          </fetcher.Form>
        </ModalDialog>
      )}
    </>
  )
}

/**
 * Last year's responsible person offered in one click when this year has none: the form posts last year's details
 * for this year (the same action and checks as the dialog; it works without JavaScript too).
 */
export function CopyLastYearResponsible({ last, areaId, title }: { last: Responsible; areaId: number | null; title: string }) {
  const { role, csrfToken, year } = useReportsPage()
  const fetcher = useFetcher<ReportsActionAnswer>()
  if (role !== 'holder') return null
  const answer = fetcher.data?.intent === 'responsible' ? fetcher.data : null
  return (
    <fetcher.Form method="post" className="copy-responsible">
      <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
      <input type="hidden" name="intent" value="responsible" />
      <input type="hidden" name="scope" value={areaId !== null ? 'area' : 'company'} />
      {areaId !== null ? <input type="hidden" name="area" value={areaId} /> : null}
      <input type="hidden" name="year" value={year} />
      {FIELDS.map((f) => (
        <input key={f.name} type="hidden" name={f.name} value={last[f.name]} />
      ))}
      <button type="submit" className="button button-secondary" disabled={fetcher.state !== 'idle'}>
        Как в {year - 1} году: {last.fullname}
        <span className="visually-hidden"> ({title})</span>
      </button>
      <FormError message={answer && !answer.ok ? answer.message : null} inline />
    </fetcher.Form>
  )
}
