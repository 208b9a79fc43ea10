// The engine's public surface: import from 'src/engine' only.
export { MapEngine } from './MapEngine';
export { startRendererEarly } from './renderer-start';
export { joinPins } from '../../common/pin-buffers';
export { FIRST_PINS_MARK, MapMode, PinFlag } from './types';
export type {
  AggregateInfo,
  CameraState,
  EngineEvents,
  EngineSnapshot,
  MapEngineOptions,
  PinBuffers,
  PlayerState,
  ScreenPoint,
  ToolOptions,
  WorldPoint,
} from './types';
export { ICON_COUNT, drawIcon, drawMarker, iconColor } from './icons';
export type { RouteOverlay } from './OverlayLayer';
export { worldPoint, screenPoint, zoomForLevel } from './camera';
export { chooseScale } from './tile-cover';
export { modeOfTool, type ToolId } from './tools';
