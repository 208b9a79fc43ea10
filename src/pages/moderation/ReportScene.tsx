// The small map of the report a moderator looks at: a declarative Pixi scene (@pixi/react) that
// follows React state: the engine's own tiles under the reported pin and its duplicate, drawn with
// the engine's icons, a line between them. ONE scene for the selected report, never one per card:
// Chromium keeps about 16 WebGL contexts.
import { Application, extend } from '@pixi/react';
import { Container, Graphics, ImageSource, Sprite, Texture } from 'pixi.js';
import { useEffect, useState } from 'react';
import { chooseScale, drawIcon } from '../../engine';
import { baseTileRange, regionById, tilePath, tileSpan } from '../../../common/regions';
import type { ReportPin } from '../../data';
import { ko } from '../../i18n/ko';

extend({ Container, Graphics, Sprite });

const W = 320;
const H = 240;
/** Marker size on screen (CSS px), as on the main map. */
const ICON = 32;
const ICON_TEXTURE = 64;

// Tiles and icons are shared by every report shown (the scene lives as long as the page).
const tiles = new Map<string, Promise<Texture | null>>();
const icons = new Map<number, Texture>();

function tileTexture(url: string): Promise<Texture | null> {
  let t = tiles.get(url);
  if (!t) {
    t = fetch(url)
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((b) => createImageBitmap(b))
      .then((bitmap) => new Texture({ source: new ImageSource({ resource: bitmap, scaleMode: 'linear' }), label: url }))
      .catch(() => {
        tiles.delete(url);
        return null;
      });
    tiles.set(url, t);
  }
  return t;
}

function iconTexture(index: number): Texture {
  let t = icons.get(index);
  if (!t) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = ICON_TEXTURE;
    drawIcon(canvas.getContext('2d')!, index, ICON_TEXTURE);
    t = Texture.from(canvas);
    icons.set(index, t);
  }
  return t;
}

function Tile({ url, x, y, size }: { url: string; x: number; y: number; size: number }) {
  const [texture, setTexture] = useState<Texture | null>(null);
  useEffect(() => {
    let live = true;
    void tileTexture(url).then((t) => {
      if (live) setTexture(t);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return texture ? <pixiSprite texture={texture} x={x} y={y} width={size} height={size} /> : null;
}

/** Camera of a report: both pins in view (a third of the map apart at most), one pin at zoom ½. */
export function reportCamera(target: ReportPin, duplicate: ReportPin | null): { x: number; y: number; zoom: number; distance: number } {
  if (!duplicate) return { x: target.coordX, y: target.coordY, zoom: 0.5, distance: 0 };
  const distance = Math.hypot(target.coordX - duplicate.coordX, target.coordY - duplicate.coordY);
  const zoom = Math.min(1, Math.max(1 / 32, Math.min(W, H) / 2 / Math.max(distance, 1)));
  return { x: (target.coordX + duplicate.coordX) / 2, y: (target.coordY + duplicate.coordY) / 2, zoom, distance };
}

/** The tiles (URL, world position, size) a camera needs from a region's base map. */
function tilesInView(
  region: number,
  cam: { x: number; y: number; zoom: number },
  dpr: number,
): { url: string; x: number; y: number; size: number }[] {
  const info = regionById(region).info;
  const scale = chooseScale(cam.zoom, dpr);
  const part = info.parts.find((p) => p.scale === scale);
  if (!part) return [];
  const span = tileSpan(info.blockSize, scale);
  const r = baseTileRange(info, scale);
  const halfW = W / 2 / cam.zoom,
    halfH = H / 2 / cam.zoom;
  const out: { url: string; x: number; y: number; size: number }[] = [];
  for (
    let row = Math.max(r.minRow, Math.floor((cam.y - halfH) / span));
    row <= Math.min(r.maxRow, Math.floor((cam.y + halfH) / span));
    row++
  ) {
    for (
      let col = Math.max(r.minCol, Math.floor((cam.x - halfW) / span));
      col <= Math.min(r.maxCol, Math.floor((cam.x + halfW) / span));
      col++
    ) {
      out.push({ url: tilePath(part, col, row), x: col * span, y: row * span, size: span });
    }
  }
  return out;
}

/** The selected report's pins on the map's own tiles; follows `target` and `duplicate`. */
export function ReportScene({ target, duplicate }: { target: ReportPin; duplicate: ReportPin | null }) {
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  const cam = reportCamera(target, duplicate);
  const pins = duplicate ? [target, duplicate] : [target];
  const label = ko.moderation.mapOf(target.id, duplicate?.id ?? null);
  return (
    <div className="mod-map" data-testid="report-map" role="img" aria-label={label} data-pins={pins.map((p) => p.id).join(',')}>
      <Application width={W} height={H} background="#1b1f24" resolution={dpr} autoDensity antialias preference="webgl">
        <pixiContainer x={W / 2 - cam.x * cam.zoom} y={H / 2 - cam.y * cam.zoom} scale={cam.zoom}>
          {tilesInView(target.region, cam, dpr).map((t) => (
            <Tile key={t.url} {...t} />
          ))}
          {duplicate && (
            <pixiGraphics
              draw={(g) => {
                g.clear();
                g.moveTo(target.coordX, target.coordY)
                  .lineTo(duplicate.coordX, duplicate.coordY)
                  .stroke({ color: 0xffb74d, width: 2 / cam.zoom });
              }}
            />
          )}
          {pins.map((p) => (
            <pixiSprite
              key={p.id}
              texture={iconTexture(p.icon)}
              x={p.coordX}
              y={p.coordY}
              anchor={{ x: 0.5, y: 1 }}
              scale={ICON / ICON_TEXTURE / cam.zoom}
            />
          ))}
        </pixiContainer>
      </Application>
      {duplicate && <span className="mod-map-distance">{ko.moderation.distance(cam.distance)}</span>}
    </div>
  );
}
