import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useCategoryGroups } from '../../data';
import { ko } from '../../i18n/ko';
import { toast } from '../../ui/toast';
import { Icon } from '../../ui/icons';
import { DEFAULT_LOCAL_URL, isTrackerCode, normalizeTrackerCode } from '../../../common/tracker/protocol';
import { rememberedTarget } from '../../tracker/TrackerStore';
import { TRACKER_SESSION_KEY } from '../../tracker/session-key';
import { PageLayout } from '../PageLayout';
import { useSessionUser } from '../session';
import { isOverlayStatus, overlayUrl, type OverlayBackground, type OverlaySettings, type OverlayStatusMessage } from './overlay-params';
import './overlay-setup.css';

const SCALES: (number | null)[] = [null, 1, 1.5, 2, 3];
const BACKGROUNDS: [OverlayBackground, string][] = [
  ['transparent', ko.overlayBgTransparent],
  ['chroma', ko.overlayBgChroma],
  ['dark', ko.overlayBgDark],
];

/** The tracker field: empty = the local tracker, a ws(s):// URL, or an 8-character code in any spelling. */
function readTracker(input: string): OverlaySettings['tracker'] | { error: string } {
  const v = input.trim();
  if (v === '') return { mode: 'local', url: DEFAULT_LOCAL_URL };
  if (/^wss?:\/\/.+/i.test(v)) return { mode: 'local', url: v };
  const code = normalizeTrackerCode(v);
  return isTrackerCode(code) ? { mode: 'external', code } : { error: ko.trackerCodeInvalid };
}

/** What the tracker field starts with: the code or URL this tab is connected to, if any. */
function initialTracker(): string {
  const t = rememberedTarget(TRACKER_SESSION_KEY);
  return t?.mode === 'external' ? t.code : t?.mode === 'local' && t.url !== DEFAULT_LOCAL_URL ? t.url : '';
}

/** Waits `ms` after the last change (the preview reloads once a slider stops, not per step). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * The streamer overlay's setup (/overlay/setup): builds the browser-source URL from a form
 * (tracker code, categories, zoom, UI scale, background), explains it in Korean, copies it, and
 * previews it live in a frame; the overlay's connection state shows only in the frame's chrome.
 */
export default function OverlaySetupPage() {
  const id = useId();
  const me = useSessionUser();
  const groups = useCategoryGroups();
  const [trackerInput, setTrackerInput] = useState(initialTracker);
  const [categories, setCategories] = useState<number[]>([]);
  const [zoom, setZoom] = useState(1);
  const [scale, setScale] = useState<number | null>(null);
  const [background, setBackground] = useState<OverlayBackground>('transparent');
  const [status, setStatus] = useState<OverlayStatusMessage | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  const tracker = readTracker(trackerInput);
  const trackerError = 'error' in tracker ? tracker.error : null;
  const url = useMemo(
    () => ('error' in tracker ? null : overlayUrl(window.location.origin, { tracker, categories, zoom, scale, background })),
    // tracker is rebuilt each render; its input is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [trackerInput, categories, zoom, scale, background],
  );
  const previewUrl = useSettled(url, 400);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frameRef.current?.contentWindow || !isOverlayStatus(e.data)) return;
      setStatus(e.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => setStatus(null), [previewUrl]);

  const toggleCategory = (cid: number, on: boolean) =>
    setCategories((list) => (on ? [...list, cid].sort((a, b) => a - b) : list.filter((c) => c !== cid)));

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(ko.copiedToClipboard);
    } catch {
      // Clipboard refused (insecure origin, permissions): select the address so it can be copied by hand.
      document.getElementById(`${id}-url`)?.focus();
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
    }
  };

  return (
    <PageLayout title={ko.overlaySetupTitle} wide>
      <h1>{ko.overlaySetupTitle}</h1>
      <p className="muted">{ko.overlaySetupIntro}</p>
      <div className="overlay-setup">
        <form className="card overlay-setup-form" onSubmit={(e) => e.preventDefault()} noValidate>
          <div className="field">
            <label htmlFor={`${id}-tracker`}>{ko.overlayTrackerLabel}</label>
            <input
              id={`${id}-tracker`}
              className="input"
              value={trackerInput}
              placeholder="ABCD-1234"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={trackerError ? 'true' : 'false'}
              aria-describedby={`${id}-tracker-hint`}
              onChange={(e) => setTrackerInput(e.target.value)}
            />
            <p id={`${id}-tracker-hint`} className="field-hint">
              {ko.overlayTrackerHint}
            </p>
            {trackerError && (
              <p className="field-error" role="alert">
                {trackerError}
              </p>
            )}
          </div>

          <fieldset className="field overlay-categories">
            <legend className="field-label">{ko.overlayCategoriesLabel}</legend>
            <p className="field-hint">{ko.overlayCategoriesHint}</p>
            {groups.data?.map((g) => (
              <details key={g.id} className="overlay-category-group" open={g.categories.some((c) => categories.includes(c.id))}>
                <summary>
                  {g.name}{' '}
                  <span className="muted small">
                    ({g.categories.filter((c) => categories.includes(c.id)).length}/{g.categories.length})
                  </span>
                </summary>
                <div className="overlay-category-list">
                  {g.categories.map((c) => (
                    <label key={c.id} className="check-row">
                      <input type="checkbox" checked={categories.includes(c.id)} onChange={(e) => toggleCategory(c.id, e.target.checked)} />
                      {c.name}
                    </label>
                  ))}
                </div>
              </details>
            ))}
          </fieldset>

          <div className="overlay-setup-row">
            <div className="field">
              <label htmlFor={`${id}-zoom`}>
                {ko.overlayZoomLabel} <output htmlFor={`${id}-zoom`}>{zoom}×</output>
              </label>
              <input
                id={`${id}-zoom`}
                type="range"
                min={0.25}
                max={4}
                step={0.25}
                value={zoom}
                onChange={(e) => setZoom(Number(e.target.value))}
              />
              <p className="field-hint">{ko.overlayZoomHint}</p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-scale`}>{ko.overlayScaleLabel}</label>
              <select
                id={`${id}-scale`}
                className="select"
                value={scale ?? ''}
                onChange={(e) => setScale(e.target.value === '' ? null : Number(e.target.value))}
              >
                {SCALES.map((s) => (
                  <option key={String(s)} value={s ?? ''}>
                    {s === null ? ko.overlayScaleAuto : ko.overlayScaleTimes(s)}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <fieldset className="field">
            <legend className="field-label">{ko.overlayBgLabel}</legend>
            <div className="overlay-bg-options">
              {BACKGROUNDS.map(([value, label]) => (
                <label key={value} className="check-row">
                  <input
                    type="radio"
                    name={`${id}-bg`}
                    value={value}
                    checked={background === value}
                    onChange={() => setBackground(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </form>

        <section className="overlay-setup-side" aria-label={ko.overlayPreview}>
          <div className="field">
            <label htmlFor={`${id}-url`}>{ko.overlayUrlLabel}</label>
            <div className="overlay-url-row">
              <input id={`${id}-url`} className="input" readOnly value={url ?? ''} onFocus={(e) => e.target.select()} />
              <button type="button" className="btn btn-primary" disabled={!url} onClick={() => void copy()}>
                <Icon name="share" />
                {ko.overlayCopy}
              </button>
            </div>
            {url && (
              <a className="small" href={url} target="_blank" rel="noreferrer">
                {ko.overlayOpen}
              </a>
            )}
          </div>
          <div className="overlay-preview card">
            <div className="overlay-preview-bar">
              <strong>{ko.overlayPreview}</strong>
              <span
                role="status"
                className="overlay-preview-status"
                data-status={status?.status ?? 'loading'}
                data-online={status?.trackerOnline ? 'true' : 'false'}
              >
                {status?.text ?? ko.trackerStateConnecting}
              </span>
            </div>
            <div className="overlay-preview-frame" data-bg={background}>
              {previewUrl && <iframe ref={frameRef} src={previewUrl} title={ko.overlayPreview} width={400} height={300} />}
            </div>
            <p className="field-hint">{ko.overlayPreviewHint}</p>
          </div>
          <ul className="overlay-setup-notes small muted">
            <li>{ko.overlaySizeHint}</li>
            <li>
              {me ? ko.overlaySignedIn(me.nickname) : ko.overlaySignedOut} {ko.overlayChecksHint}
            </li>
          </ul>
        </section>
      </div>
    </PageLayout>
  );
}
