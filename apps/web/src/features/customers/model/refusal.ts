import { ADMIN_ONLY_REASON } from '#lib/access.ts';
import { ApiError } from '#lib/api-error.ts';

/** The server refused a change as beyond the person's level (they are no longer an Admin). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'FORBIDDEN';
}

/** What a refused change says where it was asked for: what did not happen, then why. */
export function refusedMessage(whatFailed: string): string {
  return `${whatFailed}. ${ADMIN_ONLY_REASON}`;
}
