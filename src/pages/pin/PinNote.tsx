import { useEffect, useRef, useState } from 'react';
import { ApiClientError } from '../../api';
import { ko } from '../../i18n/ko';
import { Icon } from '../../ui/icons';
import { toast } from '../../ui/toast';
import { ConfirmDialog } from '../../ui/Dialog';
import { useDeleteNote, useMe, usePinNote, useSaveNote } from '../../data';
import { MAX_NOTE } from '../../../common/notes';

const t = ko.notes;

/** The Korean message of a failed note call (the server's own, else the generic one). */
const messageOf = (e: unknown) => (e instanceof ApiClientError ? e.messageTranslated : ko.defaultError);

/**
 * The signed-in player's private note on a pin: shown with edit and delete, or a button to add one. The
 * field saves with the button or Ctrl/⌘+Enter and cancels with Esc; a note past MAX_NOTE characters gets
 * the server's own Korean message before anything is sent. A change made on another device shows here
 * at once (data/notes.ts follows the event stream).
 */
export function PinNote({ pinId }: { pinId: number }) {
  const me = useMe().data;
  const note = usePinNote(pinId);
  const save = useSaveNote();
  const del = useDeleteNote();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const editing = draft !== null;
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);
  // Another pin: leave the editor.
  useEffect(() => {
    setDraft(null);
    setError(null);
  }, [pinId]);

  if (!me) return null;
  const body = note.data?.body ?? null;
  const stopEditing = () => {
    setDraft(null);
    setError(null);
  };
  const submit = () => {
    const text = (draft ?? '').trim();
    if (!text) return setError(t.empty);
    if (text.length > MAX_NOTE) return setError(t.tooLong);
    setError(null);
    save.mutate(
      { pinId, body: text },
      {
        onSuccess: () => {
          stopEditing();
          toast.success(t.saved);
        },
        onError: (e) => setError(messageOf(e)),
      },
    );
  };

  return (
    <section className="pin-note" aria-labelledby="pin-note-h" data-testid="pin-note">
      <h2 id="pin-note-h">
        <Icon name="doc" className="inline-icon" />
        {t.heading}
      </h2>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="field">
            <label htmlFor="pin-note-text" className="sr-only">
              {t.fieldLabel}
            </label>
            <textarea
              id="pin-note-text"
              ref={field}
              className="textarea"
              value={draft}
              placeholder={t.placeholder}
              aria-invalid={!!error}
              aria-describedby={error ? 'pin-note-err pin-note-count' : 'pin-note-count'}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  submit();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  stopEditing();
                }
              }}
            />
            <span id="pin-note-count" className={`field-hint ${draft.trim().length > MAX_NOTE ? 'is-over' : ''}`}>
              {t.count(draft.trim().length)}
            </span>
            {error && (
              <span id="pin-note-err" className="field-error" role="alert">
                {error}
              </span>
            )}
          </div>
          <div className="detail-actions">
            <button type="submit" className="btn btn-primary btn-small" disabled={save.isPending}>
              {save.isPending && <span className="spinner spinner-small" aria-hidden />}
              {t.save}
            </button>
            <button type="button" className="btn btn-small" onClick={stopEditing}>
              {t.cancel}
            </button>
          </div>
        </form>
      ) : body !== null ? (
        <>
          <p className="pin-note-body" data-testid="pin-note-body">
            {body}
          </p>
          <div className="detail-actions">
            <button type="button" className="btn btn-small" onClick={() => setDraft(body)}>
              <Icon name="edit" />
              {t.edit}
            </button>
            <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirm(true)}>
              <Icon name="trash" />
              {t.delete}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted small">{t.privateHint}</p>
          <button type="button" className="btn btn-small" onClick={() => setDraft('')} disabled={note.isPending}>
            <Icon name="doc" />
            {t.add}
          </button>
        </>
      )}
      <ConfirmDialog
        open={confirm}
        title={t.delete}
        message={body ?? ''}
        confirmLabel={ko.common.delete}
        danger
        busy={del.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          del.mutate(
            { pinId },
            {
              onSuccess: () => toast.success(t.deleted),
              onError: (e) => toast.error(messageOf(e)),
              onSettled: () => setConfirm(false),
            },
          )
        }
      />
    </section>
  );
}
