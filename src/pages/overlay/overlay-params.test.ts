import { describe, expect, it } from 'vitest';
import {
  engineHeading,
  overlayTarget,
  overlayUrl,
  parseOverlayParams,
  shownCategories,
  uiScaleFor,
  type OverlaySettings,
} from './overlay-params';

describe('overlay query string', () => {
  it('reads background, categories, tracker, zoom and scale', () => {
    const p = parseOverlayParams('?bg=chroma&categories=3,%2012,x,-1&code=ab12cd34&zoom=0.5&scale=2');
    expect(p).toMatchObject({
      background: 'chroma',
      categories: [3, 12],
      tracker: { mode: 'external', code: 'AB12CD34' },
      zoom: 0.5,
      scale: 2,
      errors: [],
    });
    expect(overlayTarget(p, 'ws://h/api/v1/tracker')).toEqual({ mode: 'external', code: 'AB12CD34', relayUrl: 'ws://h/api/v1/tracker' });
  });

  it('falls back to a transparent local-mode minimap and reports a bad code', () => {
    expect(parseOverlayParams('')).toMatchObject({
      background: 'transparent',
      categories: [],
      tracker: { mode: 'local', url: 'ws://127.0.0.1:46821' },
      zoom: 1,
      scale: null,
    });
    expect(parseOverlayParams('?tracker=ws://10.0.0.2:46821&bg=neon').tracker).toEqual({ mode: 'local', url: 'ws://10.0.0.2:46821' });
    expect(parseOverlayParams('?code=SHORT').errors).toEqual(['code']);
    expect(parseOverlayParams('?tracker=http://x').errors).toEqual(['tracker']);
  });

  it('scales the UI with the window height and converts headings for the engine', () => {
    expect(uiScaleFor(1080)).toBe(1);
    expect(uiScaleFor(720)).toBe(1);
    expect(uiScaleFor(2160)).toBe(2);
    expect(uiScaleFor(1440)).toBe(1.25);
    expect(engineHeading(0)).toBe(90); // east
    expect(engineHeading(-Math.PI / 2)).toBeCloseTo(0); // north (map up)
    expect(engineHeading(Math.PI)).toBeCloseTo(270);
  });

  it('draws the default categories when none are asked for', () => {
    expect(shownCategories(parseOverlayParams(''), [1, 2])).toEqual([1, 2]);
    expect(shownCategories(parseOverlayParams('?categories=7'), [1, 2])).toEqual([7]);
  });

  it('builds the browser-source URL the setup page shows, which reads back the same', () => {
    const o = 'https://map.example';
    expect(
      overlayUrl(o, {
        background: 'transparent',
        categories: [],
        tracker: { mode: 'local', url: 'ws://127.0.0.1:46821' },
        zoom: 1,
        scale: null,
      }),
    ).toBe('https://map.example/overlay');
    const settings: OverlaySettings = {
      background: 'chroma',
      categories: [3, 12],
      tracker: { mode: 'external', code: 'AB12CD34' },
      zoom: 0.5,
      scale: 2,
    };
    const url = overlayUrl(o, settings);
    expect(url).toBe('https://map.example/overlay?code=AB12CD34&categories=3,12&zoom=0.5&scale=2&bg=chroma');
    expect(parseOverlayParams(new URL(url).search)).toEqual({ ...settings, errors: [] });
    const local = overlayUrl(o, { ...settings, tracker: { mode: 'local', url: 'ws://10.0.0.2:46821' } });
    expect(parseOverlayParams(new URL(local).search).tracker).toEqual({ mode: 'local', url: 'ws://10.0.0.2:46821' });
  });
});
