/** Reading database errors the same way on PostgreSQL (pg) and PGlite: both carry the SQLSTATE and constraint. */

const UNIQUE_VIOLATION = '23505';

/** Whether the error is a unique violation of the named constraint (or unique index). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && violated === constraint;
}

/** SQLSTATEs of a database that cannot answer now: connection lost, shutting down, starting, full, timed out. */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|57014|53300)$/;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/**
 * What pg says when a connection ends or a wait runs out (it gives these no code), and a database
 * that takes no connections now (`ALLOW_CONNECTIONS false`: SQLSTATE 55000, a code shared with
 * programming errors, so the message tells it apart).
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended|is not currently accepting connections/i;

/** Whether the error means the database is out of reach for now (so the caller should retry), not a bad request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}
