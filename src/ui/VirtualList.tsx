import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Rows drawn beyond each edge of the view, so a fast scroll never shows a gap. */
const OVERSCAN = 8;

/**
 * A list of fixed-height rows of which only those in view (and a few either side) are in the DOM:
 * thousands of results cost what one screen does. The rows scroll with the nearest scrolling
 * ancestor; `onNearEnd` is called when the view comes within a screen of the last row, to load more.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  setSize,
  label,
  keyOf,
  render,
  onNearEnd,
}: {
  items: readonly T[];
  rowHeight: number;
  /** How many rows there are in all (aria-setsize), loaded or not. */
  setSize: number;
  label: string;
  keyOf: (item: T) => string | number;
  render: (item: T, index: number) => ReactNode;
  onNearEnd?: () => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [range, setRange] = useState<[number, number]>([0, 30]);
  const count = items.length;

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const scroller = scrollParent(el);
    const update = () => {
      const view = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
      const box = el.getBoundingClientRect();
      const top = Math.max(0, view.top - box.top);
      const bottom = Math.max(0, view.bottom - box.top);
      const from = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
      const to = Math.min(count, Math.ceil(bottom / rowHeight) + OVERSCAN);
      setRange((r) => (r[0] === from && r[1] === to ? r : [from, to]));
    };
    update();
    const target: EventTarget = scroller ?? window;
    target.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      target.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [count, rowHeight]);

  const [from, to] = range;
  const nearEnd = useRef(onNearEnd);
  nearEnd.current = onNearEnd;
  const screen = Math.ceil((typeof window === 'undefined' ? 900 : window.innerHeight) / rowHeight);
  useEffect(() => {
    if (count > 0 && to >= count - screen) nearEnd.current?.();
  }, [to, count, screen]);

  return (
    <ul ref={list} className="list-reset virtual-list" aria-label={label} style={{ height: count * rowHeight }}>
      {items.slice(from, to).map((item, i) => (
        <li
          key={keyOf(item)}
          aria-setsize={setSize}
          aria-posinset={from + i + 1}
          style={{ position: 'absolute', left: 0, right: 0, top: (from + i) * rowHeight, height: rowHeight }}
        >
          {render(item, from + i)}
        </li>
      ))}
    </ul>
  );
}

/** The nearest ancestor that scrolls vertically, or null for the window. */
function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if (y === 'auto' || y === 'scroll') return p;
  }
  return null;
}
