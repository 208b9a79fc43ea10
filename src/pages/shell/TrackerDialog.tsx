import { useEffect, useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';
import { ko } from '../../i18n/ko';
import { DEFAULT_LOCAL_URL } from '../../../common/tracker/protocol';
import { describeTracker, parseTrackerInput } from '../../tracker/tracker';
import { useTracker } from '../../tracker/useTracker';
import { linkTrackerToApp } from '../../tracker/app-link';

interface TrackerDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The connect dialog: a tracker URL (local mode, default ws://127.0.0.1:46821) or an
 * 8-character code (external mode through our relay), with the connection state shown live.
 */
export function TrackerDialog({ open, onClose }: TrackerDialogProps) {
  const t = useTracker();
  const inputId = useId();
  const lastTarget = t.target ? (t.target.mode === 'local' ? t.target.url : t.target.code) : DEFAULT_LOCAL_URL;
  const [value, setValue] = useState(lastTarget);
  const [error, setError] = useState<string | null>(null);
  // The map follows the tracker app-wide once anyone opens this dialog (idempotent).
  useEffect(() => void linkTrackerToApp(), []);

  const active = t.status === 'connecting' || t.status === 'connected' || t.status === 'reconnecting';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseTrackerInput(value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    t.connect(parsed.target);
  };
  const via =
    t.transport === 'webrtc'
      ? ko.trackerViaWebrtc
      : t.transport === 'relay'
        ? ko.trackerViaRelay
        : t.transport === 'websocket'
          ? ko.trackerViaLocal
          : null;

  return (
    <Dialog
      open={open}
      title={ko.trackerDialogTitle}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {ko.common.close}
          </button>
          {active && (
            <button type="button" className="btn btn-danger" onClick={() => t.disconnect()}>
              {ko.trackerDisconnect}
            </button>
          )}
          <button type="submit" form={`${inputId}-form`} className="btn btn-primary">
            {ko.trackerConnect}
          </button>
        </>
      }
    >
      <form id={`${inputId}-form`} onSubmit={submit} noValidate>
        <p className="field-hint">{ko.trackerDialogHelp}</p>
        <div className="field">
          <label htmlFor={inputId}>{ko.trackerInputLabel}</label>
          <input
            id={inputId}
            className="input"
            value={value}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? 'true' : 'false'}
            aria-describedby={`${inputId}-state`}
            onChange={(e) => setValue(e.target.value)}
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </form>
      <p id={`${inputId}-state`} className="tracker-state" role="status" data-status={t.status}>
        {describeTracker(t)}
        {t.status === 'connected' && t.trackerOnline && via ? ` · ${via}` : ''}
      </p>
    </Dialog>
  );
}
