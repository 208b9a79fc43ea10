import { useEffect, useRef } from 'react';
import type { MapEngine } from '../engine';
import { pinWithTexts } from '../data/pin-texts';
import type { CategoryGroup } from '../data';
import { ko } from '../i18n/ko';
import { pinTitle } from '../ui/pin-title';

/**
 * The hovered pin's category and name beside it, on a desktop (the engine hovers for a mouse only).
 * React renders the element once; the engine's hover events fill and place it directly, so a
 * hover costs one worker read and no render, and nothing runs per frame.
 */
export function PinTooltip({ engine, groups }: { engine: MapEngine; groups: readonly CategoryGroup[] | undefined }) {
  const el = useRef<HTMLDivElement>(null);
  const groupsRef = useRef(groups);
  groupsRef.current = groups;

  useEffect(() => {
    const tip = el.current!;
    let hovered: number | null = null;
    // The hovered pin's spot, kept to place the tooltip again once the camera rests.
    let spot: { x: number; y: number } | null = null;
    const place = () => {
      if (!spot) return;
      // Below the pin's tip: the marker itself spans up from there.
      const at = engine.worldToScreen(spot);
      tip.style.transform = `translate(${Math.round(at.x)}px, ${Math.round(at.y + 6)}px) translateX(-50%)`;
      tip.hidden = false;
    };
    const offs = [
      engine.on('pinhover', ({ id }) => {
        hovered = id;
        spot = null;
        if (id == null) return void (tip.hidden = true);
        void pinWithTexts(id).then((p) => {
          if (hovered !== id || !p) return;
          const category = p.categoryName ?? groupsRef.current?.flatMap((g) => g.categories).find((c) => c.id === p.categoryId)?.name ?? '';
          // The category on its own line, then what the pin is (its description, else its tags, else its number).
          const title = pinTitle(p, '');
          tip.querySelector('.pin-tooltip-category')!.textContent = category;
          tip.querySelector('.pin-tooltip-title')!.textContent = title ? title.replace(/^ · /, '') : ko.common.pinNumbered(id);
          spot = { x: p.coordX, y: p.coordY };
          place();
        });
      }),
      // While the camera moves the tooltip would trail its pin: hidden, and placed again at rest.
      engine.on('camera', () => {
        if (!tip.hidden) tip.hidden = true;
      }),
      engine.on('camerasettle', place),
    ];
    return () => offs.forEach((off) => off());
  }, [engine]);

  return (
    <div ref={el} className="pin-tooltip" role="tooltip" hidden>
      <span className="pin-tooltip-category" />
      <strong className="pin-tooltip-title" />
    </div>
  );
}
