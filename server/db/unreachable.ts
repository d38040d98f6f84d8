/** Socket-level failures: nothing answers at the database's address, or the connection broke. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/**
 * PostgreSQL's own: class 08 (connection exception) and 57P01-57P03 (admin shutdown, crash shutdown, cannot
 * connect now: the server is stopping or starting).
 */
const UNREACHABLE_SQLSTATE = /^(08...|57P0[123])$/;
/** What pg and the embedded database's thread say, without a code, when a connection is lost or never made. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|The embedded database (stopped|is closed)/;

/**
 * Whether `error` says the database cannot be reached (stopped, restarting, the network between) rather than
 * that a statement failed. Reads the error's causes too: a driver may wrap what the socket said.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
