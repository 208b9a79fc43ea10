import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, Toasts, toast } from './toast';
import { notify } from '../state/notices';
import '../styles/base.css';
import '../styles/shell.css';

const el = document.createElement('div');
const root = createRoot(el);
const shown = (text: string) =>
  [...document.querySelectorAll('[data-sonner-toast]')].some(
    (t) => t.textContent?.includes(text) && t.getAttribute('data-removed') !== 'true',
  );
// The toasts' own clock (their lifetime, sonner's timers and Date.now) runs on fake timers, moved on by the test: the
// same code paths as in real time, without waiting the lifetimes out (three of 4.8 s each, in a suite run one file at
// a time).
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  document.body.appendChild(el);
  await act(async () => root.render(<Toasts theme="dark" />));
});
afterAll(() => {
  root.unmount();
  el.remove();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows at top-center and closes by itself', async () => {
    vi.useFakeTimers();
    window.dispatchEvent(new Event('focus'));
    await act(async () => void toast.success('저장했습니다'));
    await wait(100);
    expect(shown('저장했습니다')).toBe(true);
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-y-position')).toBe('top');
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-x-position')).toBe('center');
    // The app's font stack (with Korean faces), not sonner's system-ui one, which draws Korean as boxes on Linux.
    const appFont = getComputedStyle(document.body).fontFamily;
    expect(appFont).toMatch(/^"?Noto Sans KR Variable/);
    expect(getComputedStyle(document.querySelector('[data-sonner-toast]')!).fontFamily).toBe(appFont);
    await wait(TOAST_DURATION_MS + 800);
    expect(shown('저장했습니다')).toBe(false);
  });

  it('pauses while the window has lost focus, and closes after focus returns', async () => {
    vi.useFakeTimers();
    window.dispatchEvent(new Event('focus'));
    await act(async () => void toast.error('실패했습니다'));
    await wait(100);
    window.dispatchEvent(new Event('blur'));
    await wait(TOAST_DURATION_MS + 800);
    expect(shown('실패했습니다')).toBe(true);
    window.dispatchEvent(new Event('focus'));
    await wait(TOAST_DURATION_MS + 800);
    expect(shown('실패했습니다')).toBe(false);
  });

  it('shows the notices of the layers below the UI, with their action button', async () => {
    vi.useFakeTimers();
    window.dispatchEvent(new Event('focus'));
    await act(async () => notify({ kind: 'error', message: '연결하지 못했습니다' }));
    expect(toast.messages()).toContain('연결하지 못했습니다');
    let undone = 0;
    await act(async () =>
      notify({ kind: 'success', message: '표시했습니다', action: { label: '되돌리기', run: () => undone++, durationMs: 2000 } }),
    );
    await wait(100);
    expect(shown('표시했습니다')).toBe(true);
    const button = [...document.querySelectorAll('[data-sonner-toast] button')].find(
      (b) => b.textContent === '되돌리기',
    ) as HTMLButtonElement;
    await act(async () => button.click());
    expect(undone).toBe(1);
  });
});
