// The live tracker's public surface (issue 7). The page's session and its hook; the plain
// connection class and the protocol for tools and tests. (The connect dialog is UI: src/pages/shell.)
export { useTracker } from './useTracker';
export { tracker, parseTrackerInput, describeTracker, relayUrl } from './tracker';
export { linkTrackerToApp, resumeTrackerSession } from './app-link';
export { TRACKER_SESSION_KEY, hasTrackerSession } from './session-key';
export { TrackerStore, rememberedTarget } from './TrackerStore';
export type { TrackerSnapshot, TrackerStoreOptions } from './TrackerStore';
export {
  TrackerConnection,
  targetUrl,
  TRACKER_RECONNECT_LIMIT,
  TRACKER_RECONNECT_INTERVAL_MS,
  TRACKER_HEARTBEAT_MS,
  TRACKER_TIMEOUT_MS,
} from './TrackerConnection';
export type {
  TrackerTarget,
  TrackerState,
  TrackerStatus,
  TrackerTransport,
  TrackerFailure,
  TrackerConnectionOptions,
  WebSocketLike,
} from './TrackerConnection';
export { toSample, headingOf, floorAt, FLOOR_HEIGHT_CM } from './position';
export type { TrackerSample } from './position';
export * from '../../common/tracker/protocol';
