// What can go wrong talking to a provider, in three kinds the sync and the screens treat
// differently. Each keeps the provider's own message, which the sync health panel shows.

/** The provider understood and said no (a validation error, a used code, a revoked grant). */
export class ProviderRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The grant itself is no good (invalid_grant, 401): only connecting again helps. */
    readonly isGrantInvalid = false,
  ) {
    super(message);
    this.name = 'ProviderRefusedError';
  }
}

/** Too many calls: try again after `retryAfterSeconds` (the provider's Retry-After). */
export class ProviderRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Rate limited by the provider; retry after ${retryAfterSeconds} s`);
    this.name = 'ProviderRateLimitedError';
  }
}

/** The provider did not answer, or failed on its side (5xx): try again later. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** A Retry-After header's seconds (or its HTTP date), at least 1 s, 60 s when unreadable. */
export function retryAfterSeconds(header: string | null, now: Date = new Date()): number {
  if (!header) return 60;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(1, Math.ceil((date - now.getTime()) / 1000)) : 60;
}
