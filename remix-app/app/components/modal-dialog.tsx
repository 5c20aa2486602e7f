// The modal dialog of the portal (spec §2: a confirm button and an optional cancel button), for forms and messages:
// a native <dialog> opened with showModal(), so the page behind is inert (focus stays inside), Escape closes it,
// the browser returns focus to the control that opened it, and the confirm button can submit a form inside.
import { type ReactNode, useEffect, useId, useRef } from 'react'

export interface ModalDialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  confirmLabel?: string
  /** Without it the confirm button closes the dialog; with confirmForm it submits that form instead. */
  onConfirm?: () => void
  /** The id of a form inside the dialog that the confirm button submits. */
  confirmForm?: string
  cancelLabel?: string
  busy?: boolean
  /** A wider dialog, for forms. */
  wide?: boolean
  /** The confirm button's weight: `danger` (red) for a step with a consequence the other side feels, as a decline. */
  tone?: 'primary' | 'danger'
}

export function ModalDialog({ open, title, onClose, children, confirmLabel = 'OK', onConfirm, confirmForm, cancelLabel, busy = false, wide = false, tone = 'primary' }: ModalDialogProps) {
  const confirmClass = tone === 'danger' ? 'button button-danger' : 'button'
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      aria-modal="true"
      // Escape (the cancel event) and close() both end here: the parent's state follows the dialog.
      onClose={() => {
        if (open) onClose()
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <div className="dialog-body">{children}</div>
          <div className="dialog-actions">
            {confirmForm ? (
              <button type="submit" form={confirmForm} className={confirmClass} disabled={busy}>
                {confirmLabel}
              </button>
            ) : (
              <button type="button" className={confirmClass} disabled={busy} onClick={onConfirm ?? onClose}>
                {confirmLabel}
              </button>
            )}
            {cancelLabel ? (
              <button type="button" className="button button-secondary" onClick={onClose}>
                {cancelLabel}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </dialog>
  )
}
