import { useCallback, useSyncExternalStore } from 'react';
import type { EngineSnapshot, MapEngine } from '../engine';
import { useEngine } from './engine-context';

const noop = () => () => {};
const none = () => null;

/** The engine's state (camera, mode, hover, follow, floor, region, tiles loading) for React; null without an engine. */
export function useEngineSnapshot(engine: MapEngine | null): EngineSnapshot | null {
  const subscribe = useCallback((fn: () => void) => (engine ? engine.subscribe(fn) : noop()), [engine]);
  const get = useCallback(() => (engine ? engine.getSnapshot() : null), [engine]);
  return useSyncExternalStore(subscribe, engine ? get : none, none);
}

/**
 * How pages and map components read the map (the one snapshot hook; they ask it through src/state/map-commands.ts):
 * `select` picks what the component shows from the map's snapshot (null while no map runs). Return a primitive (or a
 * value the snapshot keeps): the component renders again only when it changes, not on every frame of a pan.
 */
export function useMapSnapshot<T>(select: (s: EngineSnapshot | null) => T): T {
  const engine = useEngine();
  const subscribe = useCallback((fn: () => void) => (engine ? engine.subscribe(fn) : noop()), [engine]);
  return useSyncExternalStore(
    subscribe,
    () => select(engine ? engine.getSnapshot() : null),
    () => select(null),
  );
}
