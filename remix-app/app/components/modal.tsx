// The modal dialog of the shell: a title, a message, a confirm button and an optional cancel button.
import { useEffect, useRef } from 'react'

export interface ModalProps {
  title: string
  children: React.ReactNode
  confirmLabel?: string
  cancelLabel?: string
  onConfirm: () => void
  /** Without it the dialog has no cancel button. */
  onCancel?: () => void
}

export function Modal({ title, children, confirmLabel = 'ОК', cancelLabel = 'Отмена', onConfirm, onCancel }: ModalProps) {
  const confirm = useRef<HTMLButtonElement>(null)
  useEffect(() => confirm.current?.focus(), [])
  return (
    <div className="modal-backdrop" role="presentation" onKeyDown={(e) => e.key === 'Escape' && onCancel?.()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="modal-title">
        <h2 id="modal-title">{title}</h2>
        <div className="modal-body">{children}</div>
        <div className="modal-actions">
          <button ref={confirm} type="button" className="button" onClick={onConfirm}>
            {confirmLabel}
          </button>
          {onCancel ? (
            <button type="button" className="button secondary" onClick={onCancel}>
              {cancelLabel}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  )
}
