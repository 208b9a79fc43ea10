import { useCallback, useSyncExternalStore } from 'react';
import type { EngineSnapshot, MapEngine } from '../engine';

const noop = () => () => {};
const none = () => null;

/** The engine's state (camera, mode, hover, follow, floor, region, tiles loading) for React; null without an engine. */
export function useEngineSnapshot(engine: MapEngine | null): EngineSnapshot | null {
  const subscribe = useCallback((fn: () => void) => (engine ? engine.subscribe(fn) : noop()), [engine]);
  const get = useCallback(() => (engine ? engine.getSnapshot() : null), [engine]);
  return useSyncExternalStore(subscribe, engine ? get : none, none);
}
