import { createContext, useContext } from 'react';
import type { MapEngine } from '../engine';

/** The live map engine (null until the map has started). */
export const EngineContext = createContext<MapEngine | null>(null);

/** The live map engine, or null while the map starts (or on pages without it). */
export function useEngine(): MapEngine | null {
  return useContext(EngineContext);
}
