import { afterEach, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider, queryClient } from '../../data';
import { chooseTool, currentTool } from '../../state';
import { ko } from '../../i18n/ko';
import { MapToolbar } from './MapToolbar';

let root: Root | undefined;
let host: HTMLDivElement | undefined;
afterEach(() => {
  root?.unmount();
  host?.remove();
  chooseTool('pan');
});

// The route journey's keyboard N failed in CI twice (no answer in 30 s) while the tapped button passed: a key
// pressed as soon as the tools showed reached the page before the toolbar's passive effect had added its listener.
it('a shortcut pressed the moment the tools show is taken', async () => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  const shown = host;
  // Pressed from the first moment the toolbar is on the page (a mutation observer runs right after the commit,
  // before the browser paints and before React's passive effects).
  const taken = new Promise<string>((resolve) => {
    const watch = new MutationObserver(() => {
      if (!shown.querySelector('[role="toolbar"]')) return;
      watch.disconnect();
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
      resolve(currentTool());
    });
    watch.observe(shown, { childList: true, subtree: true });
  });
  root.render(
    <QueryClientProvider client={queryClient}>
      <MapToolbar />
    </QueryClientProvider>,
  );
  expect(await taken).toBe('rect');
});

it('every shortcut the tools show is in the shortcut list (?)', async () => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  const shown = host;
  await new Promise<void>((resolve) => {
    const watch = new MutationObserver(() => shown.querySelector('[role="toolbar"]') && (watch.disconnect(), resolve()));
    watch.observe(shown, { childList: true, subtree: true });
    root!.render(
      <QueryClientProvider client={queryClient}>
        <MapToolbar />
      </QueryClientProvider>,
    );
  });
  const onTools = [...shown.querySelectorAll('.tool-key')].map((k) => k.textContent);
  const listed = ko.keyboard.groups.flatMap((g) => g.keys.map(([key]) => key));
  expect(onTools).toEqual(['R', 'L', 'P', 'N']);
  for (const key of onTools) expect(listed).toContain(key);
});
