/** PostgreSQL's SQLSTATE for a unique-constraint violation (PGlite reports the same). */
const UNIQUE_VIOLATION = '23505';

/**
 * True when an error, or an error it wraps (drizzle wraps driver errors as `cause`), is a
 * unique violation, optionally of one named constraint.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === UNIQUE_VIOLATION) {
      return constraint === undefined || candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}
