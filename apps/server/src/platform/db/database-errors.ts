type ErrorLike = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** An error and the causes it wraps (drizzle wraps the driver's error), nearest first. */
function* errorChain(error: unknown): Generator<ErrorLike> {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    yield current as ErrorLike;
    current = (current as ErrorLike).cause;
  }
}

/** The PostgreSQL error (SQLSTATE and constraint) somewhere in a failure, if any. */
export function findDatabaseError(error: unknown): { code: string; constraint: string } | undefined {
  for (const link of errorChain(error)) {
    if (typeof link.code === 'string' && /^[0-9A-Z]{5}$/.test(link.code)) {
      return { code: link.code, constraint: typeof link.constraint === 'string' ? link.constraint : '' };
    }
  }
  return undefined;
}

const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
// PostgreSQL 17 reports an ON DELETE RESTRICT refusal as restrict_violation; 15 as 23503.
const RESTRICT_VIOLATION = '23001';

/** A write or delete the foreign keys refused: a record it names, or one that names it. */
export function isReferenceRefusal(error: unknown): boolean {
  const code = findDatabaseError(error)?.code;
  return code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION;
}

/** The constraint a failed write broke by duplicating a value, or undefined for any other failure. */
export function uniqueViolation(error: unknown): string | undefined {
  const found = findDatabaseError(error);
  return found?.code === UNIQUE_VIOLATION ? found.constraint : undefined;
}

// Connection-level failures (server gone, restarting, unreachable): the client may retry.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (typeof link.code === 'string' && (UNAVAILABLE_CODES.has(link.code) || link.code.startsWith('08'))) {
      return true;
    }
    if (typeof link.message === 'string' && UNAVAILABLE_MESSAGE.test(link.message)) return true;
  }
  return false;
}

// PostgreSQL refusing a value the client sent (a NUL byte in text, an unparsable literal): the
// request is at fault, wherever the value slipped past the contract's schemas.
const BAD_INPUT_SQLSTATES = new Set(['22021', '22P05', '22P02', '22001', '22003', '22007', '22008']);

export function isRefusedInput(error: unknown): boolean {
  const found = findDatabaseError(error);
  return found !== undefined && BAD_INPUT_SQLSTATES.has(found.code);
}
