/**
 * What a database outage looks like to the server: PostgreSQL restarting or unreachable, or a connection dropped
 * under a query. Such a failure is nobody's mistake and passes: the request is answered 503 "try again shortly",
 * never 500, and the process carries on (see PgGate for how the pool waits for the database to come back).
 */

/** Thrown instead of trying to connect while the database is known to be down (PgGate). */
export class DbUnavailableError extends Error {
  readonly code = 'DB_UNAVAILABLE';
  constructor() {
    super('database unavailable (waiting for it to come back)');
    this.name = 'DbUnavailableError';
  }
}

/** Socket errors of a connection that could not be made or was cut. */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server going away or not taking connections: admin_shutdown (a restart's fast shutdown, or
 * pg_terminate_backend), crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections.
 */
const SQL_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres says these in words only: a connection lost, a client left broken by it, a connect that timed out. */
const PG_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/** Whether `e` means the database could not be reached or the connection was lost (not a fault of the query). */
export function isDbUnavailable(e: unknown): boolean {
  if (e instanceof DbUnavailableError) return true;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (NET_CODES.has(code) || SQL_CODES.has(code) || code.startsWith('08'))) return true;
  return e instanceof Error && PG_MESSAGES.test(e.message);
}

/**
 * Whether a failure to connect means the database itself is not there (refused, starting, unreachable, silent),
 * rather than this pool being busy: the one kind that should close the gate.
 */
export function isConnectOutage(e: unknown): boolean {
  return isDbUnavailable(e) && !(e instanceof Error && e.message.startsWith('timeout exceeded when trying to connect'));
}
