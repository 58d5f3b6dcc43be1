import { ApiError } from './api-error.ts';

/**
 * Why an Admin-only control is hidden or disabled, and what a FORBIDDEN refusal says when the server
 * gave no words of its own. A file of its own so that forms on the first-load path (sign-in) can use
 * it without the query cache that lib/access.ts brings.
 */
export const ADMIN_ONLY_REASON = 'Only an Admin of this organisation can change this.';

/** A refusal because the person's level does not allow the change (SPEC §8: never toasted). */
export function isForbidden(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'FORBIDDEN';
}

/** What to say inline for a FORBIDDEN refusal: the server's words, else the Admin-only reason. */
export function forbiddenMessage(error: ApiError): string {
  return error.body?.message || ADMIN_ONLY_REASON;
}
