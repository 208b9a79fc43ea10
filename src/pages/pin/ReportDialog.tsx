import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { useReportPin } from '../../data';

/** The report dialog: target pin, the duplicate pin (0 when none) and a comment (SPEC §5). */
export function ReportDialog({ open, pinId, onClose }: { open: boolean; pinId: number; onClose: () => void }) {
  const report = useReportPin();
  const [duplicate, setDuplicate] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const dup = duplicate.trim() === '' ? 0 : Number(duplicate);
    if (!Number.isInteger(dup) || dup < 0) return setError('중복 핀 번호는 숫자로 입력해 주세요.');
    if (dup === pinId) return setError('신고하는 핀과 다른 핀 번호를 입력해 주세요.');
    if (!comment.trim()) return setError('신고 내용을 입력해 주세요.');
    setError(null);
    report.mutate({ targetPinId: pinId, duplicatePinId: dup, comment: comment.trim() }, {
      onSuccess: () => {
        setDuplicate('');
        setComment('');
        onClose();
      },
    });
  };
  return (
    <Dialog open={open} title="핀 신고" onClose={onClose} busy={report.isPending}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={report.isPending}>취소</button>
          <button type="button" className="btn btn-danger" onClick={submit} disabled={report.isPending}>신고하기</button>
        </>
      }>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <div className="field">
          <span className="field-label">신고할 핀</span>
          <span>핀 번호 {pinId}</span>
        </div>
        <div className="field">
          <label htmlFor="report-dup">중복된 핀 번호 (없으면 비워 두세요)</label>
          <input id="report-dup" className="input" inputMode="numeric" value={duplicate} onChange={(e) => setDuplicate(e.target.value)} placeholder="예: 1234" />
        </div>
        <div className="field">
          <label htmlFor="report-comment">신고 내용</label>
          <textarea id="report-comment" className="textarea" value={comment} maxLength={1000} onChange={(e) => setComment(e.target.value)}
            placeholder="무엇이 잘못되었는지 알려 주세요. 예: 실제 위치는 다리 아래쪽입니다." aria-invalid={!!error && !comment.trim()} />
        </div>
        {error && <p className="field-error" role="alert">{error}</p>}
      </form>
    </Dialog>
  );
}
