// The reports page's main actions as plain HTML forms for a browser without JavaScript: upload files, save the
// responsible person, the Department's decision. Each sits in <noscript> (so with JavaScript only the dialogs and the
// progress bars are there) and posts to the page's action, the same intents and use-cases as the scripted page.
import type { ReactNode } from 'react'
import type { ReportStatus, Responsible } from '../server/reports-page.server.ts'
import type { UploadTarget } from './upload-target.ts'
import { useReportsPage } from './page-context.ts'
import { decisionsFrom } from '@portal/workflow-domain/views.ts'

const FIELDS = [
  { name: 'fullname', label: 'ФИО', type: 'text' },
  { name: 'position', label: 'Должность', type: 'text' },
  { name: 'phone', label: 'Телефон', type: 'tel' },
  { name: 'email', label: 'Электронная почта', type: 'email' },
] as const

/** The CSRF token comes first: the form's own fields follow it. */
function Hidden({ values }: { values: Record<string, string | number | null | undefined> }) {
  const { csrfToken } = useReportsPage()
  return (
    <>
      <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
      {Object.entries(values).map(([name, value]) => (value === null || value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
    </>
  )
}

const Hint = ({ children }: { children: ReactNode }) => <span className="visually-hidden">{children}</span>

export function NoScriptUpload({ target }: { target: UploadTarget }) {
  const { year, formKey } = useReportsPage()
  return (
    <noscript>
      {target.responsibleId === null ? (
        <p className="hint upload-needs">Перед загрузкой внесите данные ответственного лица.</p>
      ) : (
        <form method="post" encType="multipart/form-data" className="no-script-form">
          <Hidden
            values={{
              intent: 'upload',
              report_type: target.reportType,
              year,
              area: target.areaId,
              report: target.reportId,
              responsible: target.responsibleId,
              // Made when the page was rendered: the same form sent twice registers its files once.
              key: `${formKey}:${target.reportType}:${target.areaId ?? 'company'}`,
            }}
          />
          <label>
            Файлы<Hint> ({target.title})</Hint>
            <input type="file" name="file" multiple required accept={target.accept} />
          </label>
          <button type="submit" className="button">
            Загрузить<Hint> ({target.title})</Hint>
          </button>
        </form>
      )}
    </noscript>
  )
}

export function NoScriptResponsible({ responsible, areaId, title }: { responsible: Responsible | null; areaId: number | null; title: string }) {
  const { year } = useReportsPage()
  return (
    <noscript>
      <details className="no-script-form">
        <summary>
          {responsible ? `Ответственное лицо: ${responsible.fullname}` : 'Внести ответственное лицо'}
          <Hint> ({title})</Hint>
        </summary>
        <form method="post">
          <Hidden values={{ intent: 'responsible', scope: areaId !== null ? 'area' : 'company', area: areaId, year, id: responsible?.id }} />
          {FIELDS.map((f) => (
            <label key={f.name}>
              {f.label}
              <input type={f.type} name={f.name} required defaultValue={responsible?.[f.name] ?? ''} />
            </label>
          ))}
          <button type="submit" className="button">
            Сохранить<Hint> ({title})</Hint>
          </button>
        </form>
      </details>
    </noscript>
  )
}


export function NoScriptDecision({ reportId, status, title, agreeBlocked }: { reportId: number; status: ReportStatus; title: string; agreeBlocked: string | null }) {
  const offered = decisionsFrom(status).filter((d) => d.verb !== 'agree' || agreeBlocked === null)
  return (
    <noscript>
      <form method="post" encType="multipart/form-data" className="no-script-form">
        <Hidden values={{ intent: 'decide', report: reportId }} />
        <label>
          Решение<Hint> ({title})</Hint>
          <select name="status">
            {offered.map((d) => (
              <option key={d.verb} value={d.to}>
                {d.button}
              </option>
            ))}
          </select>
        </label>
        {decisionsFrom(status).some((d) => d.verb === 'agree') && agreeBlocked !== null ? <p className="hint">{agreeBlocked}</p> : null}
        <label>
          Комментарий<Hint> ({title})</Hint>
          <textarea name="comment" rows={2} />
        </label>
        {offered.some((d) => d.takesFiles) ? (
          <label>
            Файл (необязательно)<Hint> ({title})</Hint>
            <input type="file" name="files" multiple />
          </label>
        ) : null}
        <button type="submit" className="button">
          Сохранить решение<Hint> ({title})</Hint>
        </button>
      </form>
    </noscript>
  )
}
