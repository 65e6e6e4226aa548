/**
 * Which failures mean "the database cannot be reached or cannot answer in time" (docs/decisions/034):
 * the request did nothing wrong and the same request may succeed a moment later, so the API answers
 * 503 with Retry-After instead of a 500. Everything else (a constraint, a bad value, a bug) is not.
 */

/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (the server is shutting down, crashed or
 * not yet accepting connections: a restart, a failover, pg_terminate_backend), 57014 (the statement
 * ran past statement_timeout), 25P03 (the session sat idle in a transaction past its timeout and
 * was ended) and class 53 (insufficient resources: too many connections, out of memory, disk full).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') ||
    code.startsWith('53') ||
    ['57P01', '57P02', '57P03', '57014', '25P03'].includes(code)
  );
}

/** Socket errors: the server refused, reset, timed out or could not be routed to (or resolved). */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool say the rest in words only: the pool's wait for a connection ran out,
 * a new connection did not open in time, a query got no answer in time, or the connection was
 * gone (closed under the query, or broken before it was sent), or the pool is being shut down.
 */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'timeout expired',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function isUnavailableItself(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (isUnavailableSqlState(code) || UNREACHABLE_SOCKET_CODES.has(code))) {
    return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.includes(words));
}

/**
 * True when the error, or one it wraps (Drizzle wraps the driver's error as `cause`), says the
 * database is unavailable. Only the error's own code and the driver's fixed words are read, never
 * the SQL or its values.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    if (isUnavailableItself(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
