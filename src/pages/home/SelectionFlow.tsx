import { useCallback, useState } from 'react';
import { ModeBanner } from '../../map';
import { Link, useLocation } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import { MapMode, setMapMode, setSelectionIds, useStore } from '../../state';
import { useBatchCheck, useMe } from '../../data';


/** The multi-pin check mode: its banner (ESC or a press ends it) and the 'apply to N pins' confirmation. */
export function SelectionFlow() {
  const snap = useStore();
  const { pathname, search } = useLocation();
  const me = useMe().data;
  const batch = useBatchCheck();
  const [check, setCheck] = useState(true);
  const { mode, ids } = snap.selection;
  const selecting = mode === MapMode.RangeSelection || mode === MapMode.RouteSelection;
  const confirming = !selecting && ids.length > 0;
  const close = () => setSelectionIds([]);
  const endMode = useCallback(() => setMapMode(MapMode.Default), []);

  const apply = () => {
    batch.mutate(
      { pinIds: [...ids], check },
      {
        onSuccess: (r) => {
          toast.success(r === 'queued' ? `핀 ${ids.length}개를 저장했습니다. 연결되면 서버에 보냅니다.` : `핀 ${ids.length}개를 ${check ? '찾음' : '찾지 않음'}으로 표시했습니다.`);
          close();
        },
      },
    );
  };

  return (
    <>
      <ModeBanner mode={mode} selectedCount={ids.length} onEnd={endMode} />
      <Dialog open={confirming} title="선택한 핀에 적용" onClose={close} busy={batch.isPending}
        actions={
          me ? (
            <>
              <button type="button" className="btn" onClick={close} disabled={batch.isPending}>취소</button>
              <button type="button" className="btn btn-primary" onClick={apply} disabled={batch.isPending}>
                {batch.isPending && <span className="spinner spinner-small" aria-hidden />}적용
              </button>
            </>
          ) : (
            <>
              <button type="button" className="btn" onClick={close}>닫기</button>
              <Link className="btn btn-primary" to={`/login?from=${encodeURIComponent(pathname + search)}`} onClick={close}>로그인</Link>
            </>
          )
        }>
        {me ? (
          <>
            <div className="segmented" role="radiogroup" aria-label="적용할 작업" style={{ marginBottom: '0.75rem' }}>
              <button type="button" role="radio" aria-checked={check} aria-pressed={check} onClick={() => setCheck(true)}>{ko.markFound}</button>
              <button type="button" role="radio" aria-checked={!check} aria-pressed={!check} onClick={() => setCheck(false)}>{ko.markNotFound}</button>
            </div>
            <p className="notice">{ko.applyToPins(ids.length)}</p>
          </>
        ) : (
          <p className="notice notice-danger">{ko.loginRequired} 로그인하면 선택한 핀을 한 번에 찾음으로 표시할 수 있습니다.</p>
        )}
      </Dialog>
    </>
  );
}
