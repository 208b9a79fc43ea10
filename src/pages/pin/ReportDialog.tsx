import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { useReportPin } from '../../data';
import { ko } from '../../i18n/ko';
import { PIN_LIMITS } from '../../../common/pin-model';

const t = ko.pin.report;

/** The report dialog: target pin, the duplicate pin (0 when none) and a comment (SPEC §5). */
export function ReportDialog({ open, pinId, onClose }: { open: boolean; pinId: number; onClose: () => void }) {
  const report = useReportPin();
  const [duplicate, setDuplicate] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const dup = duplicate.trim() === '' ? 0 : Number(duplicate);
    if (!Number.isInteger(dup) || dup < 0) return setError(t.duplicateNotNumber);
    if (dup === pinId) return setError(t.duplicateIsTarget);
    if (!comment.trim()) return setError(t.commentEmpty);
    setError(null);
    report.mutate(
      { targetPinId: pinId, duplicatePinId: dup, comment: comment.trim() },
      {
        onSuccess: () => {
          setDuplicate('');
          setComment('');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      title={t.title}
      onClose={onClose}
      busy={report.isPending}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={report.isPending}>
            {ko.common.cancel}
          </button>
          <button type="button" className="btn btn-danger" onClick={submit} disabled={report.isPending}>
            {t.submit}
          </button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <span className="field-label">{t.target}</span>
          <span>{t.targetNumber(pinId)}</span>
        </div>
        <div className="field">
          <label htmlFor="report-dup">{t.duplicate}</label>
          <input
            id="report-dup"
            className="input"
            inputMode="numeric"
            value={duplicate}
            onChange={(e) => setDuplicate(e.target.value)}
            placeholder={t.duplicatePlaceholder}
          />
        </div>
        <div className="field">
          <label htmlFor="report-comment">{t.comment}</label>
          <textarea
            id="report-comment"
            className="textarea"
            value={comment}
            maxLength={PIN_LIMITS.reportComment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={t.commentPlaceholder}
            aria-invalid={!!error && !comment.trim()}
          />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
