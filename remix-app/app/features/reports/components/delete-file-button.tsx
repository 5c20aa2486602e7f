// Deleting a file: confirmation first ('Да' / 'Отмена'), then the action; a refusal is shown in a dialog. The component
// stays in its row when the button is no longer offered (the refresh after a refusal shows the report agreed), so the
// refusal is not dropped with it (issue 26).
import { useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { ReportsActionAnswer } from '../server/reports-actions.server.ts'
import { ModalDialog } from '../../../components/modal-dialog.tsx'
import { useReportsPage } from './page-context.ts'
import { deleteQuestion } from './report-texts.ts'

export function DeleteFileButton({ fileId, description, offered = true }: { fileId: number; description: string; offered?: boolean }) {
  const { csrfToken } = useReportsPage()
  const fetcher = useFetcher<ReportsActionAnswer>()
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok) setError(fetcher.data.message)
  }, [fetcher.state, fetcher.data])

  function confirm() {
    setAsking(false)
    fetcher.submit({ intent: 'delete-file', file: String(fileId), csrfmiddlewaretoken: csrfToken }, { method: 'post' })
  }
  return (
    <>
      {offered ? (
        <button type="button" className="link-button danger" onClick={() => setAsking(true)} disabled={fetcher.state !== 'idle'}>
          Удалить<span className="visually-hidden"> файл {description}</span>
        </button>
      ) : null}
      <ModalDialog open={asking && offered} title="Удаление файла" onClose={() => setAsking(false)} confirmLabel="Да" onConfirm={confirm} cancelLabel="Отмена">
        <p>{deleteQuestion(description)}</p>
      </ModalDialog>
      <ModalDialog open={error !== null} title="Удаление файла" onClose={() => setError(null)}>
        <p role="alert">{error}</p>
      </ModalDialog>
    </>
  )
}
