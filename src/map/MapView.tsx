import { useEffect, useRef } from 'react';
import { MapEngine } from '../engine';
import './map.css';

export interface MapViewProps {
  /** Called with the engine once it runs, and with null before it is disposed. */
  onEngine?: (engine: MapEngine | null) => void;
  className?: string;
  /** Renderer preference (tests ask for 'webgl'). */
  preference?: 'webgl' | 'webgpu';
}

/**
 * The map's canvas: creates the engine on mount and disposes it on unmount. Safe under React 19
 * strict mode: the first, discarded mount's engine is disposed as soon as it finishes starting.
 */
export function MapView({ onEngine, className, preference }: MapViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onEngineRef = useRef(onEngine);
  useEffect(() => {
    onEngineRef.current = onEngine;
  }, [onEngine]);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let engine: MapEngine | null = null;
    let unsubscribe = () => {};
    let cancelled = false;
    MapEngine.create({ container, preference: preference ?? 'webgl' }).then(
      (e) => {
        if (cancelled) {
          e.dispose();
          return;
        }
        engine = e;
        // Busy while map tiles are still loading or the camera moves (assistive technology, and
        // journeys that wait for the picture at rest).
        const busy = () => {
          const snap = e.getSnapshot();
          const value = String(snap.tilesLoading > 0 || snap.moving);
          if (container.getAttribute('aria-busy') !== value) container.setAttribute('aria-busy', value);
        };
        busy();
        unsubscribe = e.subscribe(busy);
        onEngineRef.current?.(e);
      },
      (err: unknown) => {
        // No WebGL at all: the page stays usable without the map; the crash screen is for bugs.
        console.error('map engine failed to start', err);
      },
    );
    return () => {
      cancelled = true;
      unsubscribe();
      if (engine) {
        onEngineRef.current?.(null);
        engine.dispose();
      }
    };
  }, [preference]);

  return <div ref={ref} className={className ? `map-view ${className}` : 'map-view'} data-testid="map-view" />;
}
