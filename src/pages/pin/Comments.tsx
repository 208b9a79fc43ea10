import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { PIN_LIMITS } from '../../../common/pin-model';
import { uploadImage } from '../../api';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import { ConfirmDialog } from '../../ui/Dialog';
import { displayName, useAddComment, useComments, useDeleteComment, useLikeComment, useMe, type Comment } from '../../data';

const PAGE_SIZE = 10;
const t = ko.comments;

function when(at: string | number | undefined): string {
  if (at == null) return '';
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('ko-KR', { dateStyle: 'medium', timeStyle: 'short' });
}

function CommentItem({ c, pinId, mine }: { c: Comment; pinId: number; mine: boolean }) {
  const like = useLikeComment();
  const del = useDeleteComment();
  const me = useMe().data;
  const [confirm, setConfirm] = useState(false);
  const vote = (type: 'recommend' | 'disrecommend') => {
    if (!me) return toast.error(ko.loginRequired);
    like.mutate({ commentId: c.id, pinId, type });
  };
  return (
    <li className="comment" data-testid="comment">
      <div className="comment-head">
        {c.best && <span className="badge">{t.best}</span>}
        <strong>{displayName(c.nickname ? { nickname: c.nickname } : null)}</strong>
        <span className="muted">{when(c.createdAt)}</span>
      </div>
      <p className="comment-body">{c.content}</p>
      {c.image && (
        <a href={c.image} target="_blank" rel="noreferrer">
          <img className="comment-image" src={c.image} alt={t.imageAlt} loading="lazy" />
        </a>
      )}
      <div className="comment-actions">
        <button
          type="button"
          className="btn btn-small vote"
          aria-pressed={c.myVote === 'recommend'}
          onClick={() => vote('recommend')}
          disabled={like.isPending}
          aria-label={t.recommend(c.recommend)}
        >
          <Icon name="thumbUp" />
          {c.recommend}
        </button>
        <button
          type="button"
          className="btn btn-small vote"
          aria-pressed={c.myVote === 'disrecommend'}
          onClick={() => vote('disrecommend')}
          disabled={like.isPending}
          aria-label={t.disrecommend(c.disrecommend)}
        >
          <Icon name="thumbDown" />
          {c.disrecommend}
        </button>
        {mine && (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirm(true)}>
            <Icon name="trash" />
            {ko.common.delete}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirm}
        title={t.deleteTitle}
        message={t.deleteMessage}
        confirmLabel={ko.common.delete}
        danger
        busy={del.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() => del.mutate({ commentId: c.id, pinId }, { onSettled: () => setConfirm(false) })}
      />
    </li>
  );
}

function CommentForm({ pinId }: { pinId: number }) {
  const add = useAddComment();
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // The file field itself (a file input cannot be controlled): cleared with the text after posting.
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = add.isPending || progress !== null;
  const submit = async () => {
    if (!content.trim()) return setError(t.contentEmpty);
    setError(null);
    let image: string | null = null;
    if (file) {
      setProgress(0);
      try {
        image = await uploadImage(file, setProgress);
      } catch (e) {
        setProgress(null);
        toast.error(
          e instanceof Error && 'messageTranslated' in e
            ? String((e as { messageTranslated: string }).messageTranslated)
            : ko.imageHostFailed,
        );
        return;
      }
      setProgress(null);
    }
    add.mutate(
      { pinId, content: content.trim(), image },
      {
        onSuccess: () => {
          setContent('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };
  return (
    <form
      className="comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label htmlFor="comment-text">{t.write}</label>
        <textarea
          id="comment-text"
          className="textarea"
          value={content}
          maxLength={PIN_LIMITS.comment}
          onChange={(e) => setContent(e.target.value)}
          placeholder={t.placeholder}
          aria-invalid={!!error}
          aria-describedby={error ? 'comment-err' : undefined}
        />
        {error && (
          <span id="comment-err" className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor="comment-image">{ko.common.imageOptional}</label>
        <input
          id="comment-image"
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <span className="field-warning">{ko.common.imageHostWarning}</span>
      </div>
      {progress !== null && (
        <div className="field">
          <span className="small">{t.uploading(Math.round(progress * 100))}</span>
          <progress max={1} value={progress} aria-label={t.uploadProgress} />
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="spinner spinner-small" aria-hidden />}
        {t.submit}
      </button>
    </form>
  );
}

/** The pin's comments: best first with their label, paging, votes, own deletion and the new comment form. */
export function Comments({ pinId }: { pinId: number }) {
  const [page, setPage] = useState(0);
  const q = useComments(pinId, page, PAGE_SIZE);
  const me = useMe().data;
  const comments = q.data?.comments ?? [];
  const total = q.data?.total;
  const pages = total != null ? Math.max(1, Math.ceil(total / PAGE_SIZE)) : null;
  const hasNext = pages != null ? page + 1 < pages : comments.length === PAGE_SIZE;
  // Best comments lead the list, each with its label.
  const ordered = [...comments.filter((c) => c.best), ...comments.filter((c) => !c.best)];
  return (
    <section className="comments" aria-labelledby="comments-h">
      <h2 id="comments-h">{t.heading(total)}</h2>
      {q.isPending && <Spinner label={t.loading} />}
      {q.isSuccess && comments.length === 0 && page === 0 && <p className="muted small">{t.none}</p>}
      <ul className="list-reset">
        {ordered.map((c) => (
          <CommentItem key={c.id} c={c} pinId={pinId} mine={me != null && c.userId === me.id} />
        ))}
      </ul>
      {(page > 0 || hasNext) && (
        <nav className="pager" aria-label={t.pager}>
          <button type="button" className="btn btn-small" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            <Icon name="chevronLeft" />
            {t.previous}
          </button>
          <span className="small">
            {page + 1}
            {pages != null ? ` / ${pages}` : ''}
          </span>
          <button type="button" className="btn btn-small" disabled={!hasNext} onClick={() => setPage((p) => p + 1)}>
            {t.next}
            <Icon name="chevronRight" />
          </button>
        </nav>
      )}
      {me ? (
        <CommentForm pinId={pinId} />
      ) : (
        <p className="notice" style={{ marginTop: '1rem' }}>
          {ko.loginRequired} <Link to={`/login?from=${encodeURIComponent(`/pin/${pinId}`)}`}>{t.loginToWrite}</Link>
        </p>
      )}
    </section>
  );
}
