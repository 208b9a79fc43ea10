import { useCallback, useRef, useState } from 'react';
import { ModeBanner } from './ModeBanner';
import { Link, useLocation } from 'react-router-dom';
import { ko } from '../i18n/ko';
import { Dialog } from '../ui/Dialog';
import { PressButton } from '../ui/PressButton';
import { MapMode, chooseTool, endTool, setSelectionIds, useStore } from '../state';
import type { ToolId } from '../engine';
import { useMapSnapshot } from './use-engine-snapshot';
import { useBatchCheck, useMe } from '../data';
import { useRouteLassoPending } from './route/RoutePanel';

/**
 * The multi-pin check mode: its banner (ESC, a press on it or the tool button ends it) and the
 * 'apply to N pins' confirmation: apply, keep selecting (back to the same tool) or discard. The
 * banner and the confirmation's buttons act on the pointer's release (PressButton), not on `click`.
 */
export function SelectionFlow() {
  const snap = useStore();
  const { pathname, search } = useLocation();
  const me = useMe().data;
  const batch = useBatchCheck();
  const [check, setCheck] = useState(true);
  // The mode is the engine's (it ends a tool itself on ESC): the banner follows its snapshot.
  const mode = useMapSnapshot((s) => s?.mode ?? MapMode.Default);
  const tool = useMapSnapshot((s) => s?.tool ?? null);
  const { ids } = snap.selection;
  const selecting = mode === MapMode.RangeSelection || mode === MapMode.RouteSelection;
  // A lasso drawn for the route planner is its area, not pins to mark.
  const routeLasso = useRouteLassoPending();
  const confirming = !selecting && ids.length > 0 && !routeLasso;
  // The tool the pins were chosen with, to go back to it on "keep selecting".
  const lastTool = useRef<ToolId>('rect');
  if (selecting && tool) lastTool.current = tool;
  const close = () => setSelectionIds([]);
  const keepSelecting = () => chooseTool(lastTool.current, { keepSelection: true });
  const endMode = useCallback(() => endTool(), []);

  const apply = () => {
    batch.mutate(
      { pinIds: [...ids], check },
      {
        // The change's one toast, with "실행 취소", is offerUndo's (useBatchCheck).
        onSuccess: close,
      },
    );
  };

  return (
    <>
      <ModeBanner mode={mode} selectedCount={ids.length} onEnd={endMode} />
      <Dialog
        open={confirming}
        title={ko.selectionTitle}
        onClose={keepSelecting}
        busy={batch.isPending}
        actions={
          me ? (
            <>
              <PressButton className="btn" onPress={close} disabled={batch.isPending}>
                {ko.selectionDiscard}
              </PressButton>
              <PressButton className="btn" onPress={keepSelecting} disabled={batch.isPending}>
                {ko.selectionKeep}
              </PressButton>
              <PressButton className="btn btn-primary" onPress={apply} disabled={batch.isPending}>
                {batch.isPending && <span className="spinner spinner-small" aria-hidden />}
                {ko.selectionApply}
              </PressButton>
            </>
          ) : (
            <>
              <PressButton className="btn" onPress={close}>
                {ko.common.close}
              </PressButton>
              <Link className="btn btn-primary" to={`/login?from=${encodeURIComponent(pathname + search)}`} onClick={close}>
                {ko.common.login}
              </Link>
            </>
          )
        }
      >
        {me ? (
          <>
            <div className="segmented" role="radiogroup" aria-label={ko.map.batchAction} style={{ marginBottom: '0.75rem' }}>
              <button type="button" role="radio" aria-checked={check} aria-pressed={check} onClick={() => setCheck(true)}>
                {ko.markFound}
              </button>
              <button type="button" role="radio" aria-checked={!check} aria-pressed={!check} onClick={() => setCheck(false)}>
                {ko.markNotFound}
              </button>
            </div>
            <p className="notice">{ko.applyToPins(ids.length)}</p>
          </>
        ) : (
          <p className="notice notice-danger">
            {ko.loginRequired} {ko.map.loginToBatch}
          </p>
        )}
      </Dialog>
    </>
  );
}
