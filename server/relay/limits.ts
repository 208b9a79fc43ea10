// The relay's limits: per code, per address, per socket.

/** Limits of the relay; every one can be lowered in tests. */
export interface RelayLimits {
  /** Viewers connected to one code at once. */
  maxViewersPerCode: number;
  /** Codes with anyone connected, per process. */
  maxRooms: number;
  /** Largest frame accepted (bytes); larger frames close the socket with 1009. */
  maxMessageBytes: number;
  /** Sustained frames per second per viewer socket (token bucket; burst is twice this). */
  viewerRatePerS: number;
  /** The tracker signals every viewer and streams positions, so it gets more. */
  trackerRatePerS: number;
  /** A tracker silent this long (no frame, ping or pong) is closed. */
  idleMs: number;
  /** A viewer that sends no frame this long is closed (the web client pings every 25 s; WebSocket-level pongs do not count). */
  viewerIdleMs: number;
  /** Sockets one address may hold open at once (in every process, on PostgreSQL: RelayBus.admitAddress). */
  maxSocketsPerIp: number;
  /** Distinct codes one address may open or join per minute (in every process, on PostgreSQL): bounds room-filling and probing. */
  codesPerIpPerMin: number;
  /** Viewers one address may hold on one code: a few idle sockets cannot fill a streamer's room. */
  maxViewersPerIpPerCode: number;
  /** How long a connected tracker has to answer a ping before a newcomer takes its seat. */
  seatProbeMs: number;
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxViewersPerCode: 16,
  maxRooms: 10_000,
  maxMessageBytes: 16 * 1024,
  viewerRatePerS: 60,
  trackerRatePerS: 600,
  idleMs: 90_000,
  viewerIdleMs: 60_000,
  maxSocketsPerIp: 24,
  codesPerIpPerMin: 10,
  maxViewersPerIpPerCode: 4,
  seatProbeMs: 5_000,
};
