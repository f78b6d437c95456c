/** Reading database errors the same way on PostgreSQL (pg) and PGlite: both carry the SQLSTATE and constraint. */

const UNIQUE_VIOLATION = '23505';

/** Whether the error is a unique violation of the named constraint (or unique index). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && violated === constraint;
}
