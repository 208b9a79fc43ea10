// The map's tools, by name: the one list a new tool joins (README.md in this folder).
import type { MapMode } from '../types';
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

/** The selection mode of a tool, with no engine needed (a page asks for a tool before the map runs). */
export function modeOfTool(id: ToolId): MapMode {
  return TOOLS[id].mode;
}

export { MapTool, type ToolContext } from './tool';
