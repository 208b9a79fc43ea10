import { useState } from 'react';
import { ko } from '../../i18n/ko';

/** localStorage flag: the first-visit hint for the map tools was dismissed (read synchronously, so it never flashes). */
export const MAP_HINT_KEY = 'mapToolsHintDismissed';

function dismissed(): boolean {
  try {
    return localStorage.getItem(MAP_HINT_KEY) === '1';
  } catch {
    return true; // no storage: better no hint than one that comes back on every visit
  }
}

// A touch screen has no keys to speak of: its hint says taps, long presses and fingers instead.
const isTouch = () => window.matchMedia('(pointer: coarse)').matches;

/** A short first-visit hint beside the map tools (written for touch on a touch screen); once dismissed it does not come back. */
export function MapToolsHint() {
  const [open, setOpen] = useState(() => !dismissed());
  const [touch] = useState(isTouch);
  if (!open) return null;
  const close = () => {
    try {
      localStorage.setItem(MAP_HINT_KEY, '1');
    } catch {
      // Private mode without storage: it shows again next visit.
    }
    setOpen(false);
  };
  return (
    <section className="map-hint" aria-labelledby="map-hint-title">
      <h2 id="map-hint-title">{ko.mapHint.title}</h2>
      <ul>
        {(touch ? ko.mapHint.touchItems : ko.mapHint.items).map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary btn-small" onClick={close}>
        {ko.mapHint.dismiss}
      </button>
    </section>
  );
}
