// The map's tools, by name: the one list a new tool joins (README.md in this folder).
import { MapMode } from '../types';
import { LassoTool } from './lasso/LassoTool';
import { LocationTool } from './location/LocationTool';
import { PanTool } from './pan/PanTool';
import { RectTool } from './rect/RectTool';
import { RouteTool } from './route/RouteTool';
import type { MapTool, ToolContext } from './tool';

export const TOOLS = {
  pan: PanTool,
  location: LocationTool,
  rect: RectTool,
  lasso: LassoTool,
  route: RouteTool,
} satisfies Record<string, new (ctx: ToolContext) => MapTool>;

/** A tool's name. */
export type ToolId = keyof typeof TOOLS;

/** The tool of a selection mode (a range selection draws the given shape). */
export function toolOfMode(mode: MapMode, rangeShape: 'rect' | 'lasso'): ToolId {
  switch (mode) {
    case MapMode.LocationSelection:
      return 'location';
    case MapMode.RangeSelection:
      return rangeShape;
    case MapMode.RouteSelection:
      return 'route';
    default:
      return 'pan';
  }
}

export { MapTool, type ToolContext } from './tool';
