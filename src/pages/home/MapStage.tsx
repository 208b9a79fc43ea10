import type { MapEngine } from '../../engine';

/** The map behind every map route: the engine's canvas fills the shell's main area. */
export function MapStage({ hidden, onEngine }: { hidden: boolean; onEngine: (e: MapEngine | null) => void }) {
  void onEngine;
  return (
    <div className="map-stage" hidden={hidden} aria-hidden={hidden}>
      <div className="map-placeholder">지도를 불러오는 중…</div>
    </div>
  );
}
