import { useEffect, useRef } from 'react';
import { drawIcon } from '../engine';

/** A category's icon drawn by the engine's own icon painter, so the list matches the pins on the map. */
export function CategoryIcon({ icon, size = 24, className }: { icon: number; size?: number; className?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    // Drawn at device resolution so the icon stays crisp on high-DPI and 4K screens.
    const px = Math.round(size * Math.max(1, window.devicePixelRatio || 1));
    c.width = px;
    c.height = px;
    ctx.clearRect(0, 0, px, px);
    drawIcon(ctx, icon, px);
  }, [icon, size]);
  return (
    <canvas
      ref={ref}
      className={`category-icon ${className ?? ''}`}
      style={{ width: `${size / 16}rem`, height: `${size / 16}rem` }}
      aria-hidden
    />
  );
}
