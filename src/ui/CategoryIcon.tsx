import { useEffect, useRef, useState } from 'react';
import { drawMarker } from '../engine';
import { apiBaseHost } from '../api';

/** Decoded category icons by URL (the URLs are versioned, so an entry never goes stale). */
const images = new Map<string, Promise<HTMLImageElement | null>>();

function loadImage(url: string): Promise<HTMLImageElement | null> {
  let p = images.get(url);
  if (!p) {
    p = new Promise((resolve) => {
      const img = new Image();
      img.decoding = 'async';
      img.onload = () => resolve(img);
      img.onerror = () => resolve(null);
      img.src = url.startsWith('/') ? apiBaseHost() + url : url;
    });
    images.set(url, p);
  }
  return p;
}

// Icons are drawn when they come into view (or near it), not all at mount: the map's panel lists every category
// (512 in the real-shaped world), and drawing each canvas at once held the main thread 67 ms in one task (issue 21).
const draws = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

/** Runs `draw` once `el` is within 256 px of the view (at once without IntersectionObserver); returns the cancel. */
function drawWhenNear(el: Element, draw: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    draw();
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const d = e.isIntersecting ? draws.get(e.target) : undefined;
        if (!d) continue;
        draws.delete(e.target);
        observer?.unobserve(e.target);
        d();
      }
    },
    { rootMargin: '256px' },
  );
  draws.set(el, draw);
  observer.observe(el);
  return () => {
    draws.delete(el);
    observer?.unobserve(el);
  };
}

/**
 * A category's icon drawn by the engine's own marker painter, so the list matches the pins on the map:
 * its glyph (`icon`), in its own `color` when it has one, or its raster icon (`iconUrl`) when it has one.
 */
export function CategoryIcon({
  icon,
  color,
  iconUrl,
  size = 24,
  className,
}: {
  icon: number;
  color?: string | null;
  iconUrl?: string | null;
  size?: number;
  className?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<{ url: string; img: HTMLImageElement | null } | null>(null);
  useEffect(() => {
    if (!iconUrl) return;
    let live = true;
    void loadImage(iconUrl).then((img) => live && setImage({ url: iconUrl, img }));
    return () => {
      live = false;
    };
  }, [iconUrl]);
  const img = iconUrl && image?.url === iconUrl ? image.img : null;
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    return drawWhenNear(c, () => {
      const ctx = c.getContext('2d');
      if (!ctx) return;
      // Drawn at device resolution so the icon stays crisp on high-DPI and 4K screens.
      const px = Math.round(size * Math.max(1, window.devicePixelRatio || 1));
      c.width = px;
      c.height = px;
      ctx.clearRect(0, 0, px, px);
      drawMarker(ctx, { icon, color, image: img }, px);
    });
  }, [icon, color, img, size]);
  return (
    <canvas
      ref={ref}
      className={`category-icon ${className ?? ''}`}
      style={{ width: `${size / 16}rem`, height: `${size / 16}rem` }}
      data-icon-url={iconUrl ?? undefined}
      aria-hidden
    />
  );
}
