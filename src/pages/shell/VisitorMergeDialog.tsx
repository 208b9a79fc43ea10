import { useState } from 'react';
import { useMergeVisitorMarks, useVisitorMerge } from '../../data';
import { ko } from '../../i18n/ko';
import { Dialog } from '../../ui/Dialog';

const t = ko.visitorMerge;

/**
 * After sign-in, when this device holds marks made as a visitor that the account lacks: how many,
 * and one choice. Merged, they are one batch like a multi-check (one toast with 실행 취소, one entry
 * in 최근 작업); declined, the device forgets them. Closed (Esc), it asks again next visit.
 */
export function VisitorMergeDialog() {
  const preview = useVisitorMerge().data;
  const merge = useMergeVisitorMarks();
  const [closed, setClosed] = useState(false);
  const fresh = preview?.fresh ?? [];
  const open = !closed && fresh.length > 0;
  const choose = (doMerge: boolean) => merge.mutate({ pinIds: fresh, merge: doMerge }, { onSettled: () => setClosed(true) });
  return (
    <Dialog
      open={open}
      title={t.title}
      onClose={() => setClosed(true)}
      busy={merge.isPending}
      actions={
        <>
          <button type="button" className="btn" onClick={() => choose(false)} disabled={merge.isPending}>
            {t.discard}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => choose(true)} disabled={merge.isPending}>
            {merge.isPending && <span className="spinner spinner-small" aria-hidden />}
            {t.merge}
          </button>
        </>
      }
    >
      <p>{t.preview(fresh.length)}</p>
      {preview && preview.already > 0 && <p className="muted small">{t.already(preview.already)}</p>}
      <p className="muted small">{t.undoNote}</p>
      <p className="muted small">{t.discardNote}</p>
    </Dialog>
  );
}
