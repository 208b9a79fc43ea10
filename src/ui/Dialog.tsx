import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ko } from '../i18n/ko';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom; the dialog has none when omitted. */
  actions?: ReactNode;
  /** Blocks ESC and backdrop dismissal while something is in progress. */
  busy?: boolean;
  className?: string;
}

/** A modal dialog on the native <dialog> element: focus trap, ESC and the inert background come with it. */
export function Dialog({ open, title, onClose, children, actions, busy = false, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself, outside its content box (not one
        // retargeted to it from a button the press just removed while closing it).
        if (e.target === ref.current && ref.current.open && !busy) onClose();
      }}
    >
      {open && (
        <>
          <div className="dialog-body">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {children}
          </div>
          {actions && <div className="dialog-actions">{actions}</div>}
        </>
      )}
    </dialog>
  );
}

interface ConfirmProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question; the confirm button is labelled with what it does. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = ko.common.cancel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      busy={busy}
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm} disabled={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden />}
            {confirmLabel}
          </button>
        </>
      }
    >
      <div>{message}</div>
    </Dialog>
  );
}
