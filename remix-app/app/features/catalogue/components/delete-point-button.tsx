// Deleting a measuring point from a list item: the confirmation modal 'Удаление пункта наблюдения', DELETE to the API
// with the CSRF header of the page, the error texts of the spec on failure, then back one page either way.
import { useNavigate, useRouteLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { ModalDialog } from '../../../components/modal-dialog.tsx'
import { trackedFetch } from '../../../components/page-loader.tsx'

export const DELETE_TITLE = 'Удаление пункта наблюдения'

export function deletionMessage(status: number): string {
  return status === 400
    ? 'Ошибка удаления пункта наблюдения: имеются согласованные отчёты.'
    : 'Ошибка удаления пункта наблюдения: неизвестная ошибка.'
}

export function DeletePointButton({ id, name }: { id: number; name: string }) {
  const navigate = useNavigate()
  const root = useRouteLoaderData('root') as { csrfToken?: string } | undefined
  const [state, setState] = useState<'idle' | 'confirm' | { error: string }>('idle')

  async function remove() {
    setState('idle')
    let status = 0
    try {
      const res = await trackedFetch(`/api/v1/measures-points/${id}/`, {
        method: 'DELETE',
        credentials: 'same-origin',
        headers: { 'X-CSRFToken': root?.csrfToken ?? '' },
      })
      status = res.status
    } catch {
      status = 0
    }
    if (status === 204 || status === 200) navigate(-1)
    else setState({ error: deletionMessage(status) })
  }

  return (
    <>
      <button type="button" className="button danger small" onClick={() => setState('confirm')}>
        Удалить
      </button>
      <ModalDialog
        open={state === 'confirm'}
        title={DELETE_TITLE}
        confirmLabel="Да"
        cancelLabel="Отмена"
        onConfirm={remove}
        onClose={() => setState('idle')}
      >
        Вы действительно хотите удалить пункт наблюдения «{name}»?
      </ModalDialog>
      {/* The spec sends the user back one page after a failed deletion too, however the message is closed. */}
      <ModalDialog open={typeof state === 'object'} title={DELETE_TITLE} onConfirm={() => navigate(-1)} onClose={() => navigate(-1)}>
        {typeof state === 'object' ? state.error : null}
      </ModalDialog>
    </>
  )
}
