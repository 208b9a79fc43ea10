import { useEffect, useRef } from 'react';
import { drawIcon } from '../../engine';
import type { ReportPin } from '../../data';

const W = 220;
const H = 160;
const ICON = 28;

/**
 * A small map of a report: the reported pin and its duplicate with the engine's own icons, placed
 * to scale around their midpoint, with the distance between them. A 2D canvas, not one Pixi
 * application per report: a queue of reports would open more WebGL contexts than Chromium keeps (16).
 */
export function ReportMap({ target, duplicate }: { target: ReportPin; duplicate: ReportPin | null }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = W * dpr;
    canvas.height = H * dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    const pins = duplicate ? [target, duplicate] : [target];
    const cx = pins.reduce((s, p) => s + p.coordX, 0) / pins.length;
    const cy = pins.reduce((s, p) => s + p.coordY, 0) / pins.length;
    const span = duplicate ? Math.max(Math.hypot(target.coordX - duplicate.coordX, target.coordY - duplicate.coordY), 1) : 1;
    // World units per pixel: the two pins sit a third of the width apart; a grid line every 256 units when it fits.
    const scale = duplicate ? span / (W / 3) : 1;
    ctx.strokeStyle = 'rgba(128,128,128,0.25)';
    const step = 256 / scale;
    if (step >= 8) {
      for (let x = ((W / 2 - cx / scale) % step + step) % step; x < W; x += step) { ctx.beginPath(); ctx.moveTo(x, 0); ctx.lineTo(x, H); ctx.stroke(); }
      for (let y = ((H / 2 - cy / scale) % step + step) % step; y < H; y += step) { ctx.beginPath(); ctx.moveTo(0, y); ctx.lineTo(W, y); ctx.stroke(); }
    }
    const at = (p: ReportPin) => [W / 2 + (p.coordX - cx) / scale, H / 2 + (p.coordY - cy) / scale] as const;
    if (duplicate) {
      const [ax, ay] = at(target);
      const [bx, by] = at(duplicate);
      ctx.strokeStyle = '#ffb74d';
      ctx.setLineDash([4, 3]);
      ctx.beginPath(); ctx.moveTo(ax, ay - ICON / 2); ctx.lineTo(bx, by - ICON / 2); ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = '#ffb74d';
      ctx.font = '12px sans-serif';
      ctx.fillText(`${Math.round(span).toLocaleString('ko-KR')}`, (ax + bx) / 2 + 4, (ay + by) / 2 - ICON / 2 - 4);
    }
    for (const p of pins) {
      const [x, y] = at(p);
      ctx.save();
      ctx.translate(x - ICON / 2, y - ICON);
      drawIcon(ctx, p.icon, ICON);
      ctx.restore();
      ctx.fillStyle = getComputedStyle(canvas).color || '#ccc';
      ctx.font = '11px sans-serif';
      ctx.fillText(`#${p.id}`, x + ICON / 2, y - 4);
    }
  }, [target, duplicate]);
  return <canvas ref={ref} className="mod-map" style={{ width: W, height: H }} data-testid="report-map" aria-label={`핀 ${target.id}${duplicate ? `, 핀 ${duplicate.id}` : ''} 위치`} />;
}
