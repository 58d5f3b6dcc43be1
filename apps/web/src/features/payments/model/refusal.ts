import { forbiddenMessage, isForbidden } from '#lib/admin-only-reason.ts';
import { ApiError } from '#lib/api-error.ts';

/**
 * What a dialog says of a refused write: the server's words for the refusals it handles itself
 * (they raised no toast), the Admin-only reason for FORBIDDEN (never toasted, SPEC §8), and
 * nothing for the rest, which the API client has already shown as a toast.
 */
export function refusalMessage(error: unknown, handledErrorCodes: readonly string[]): string | null {
  if (isForbidden(error)) return forbiddenMessage(error);
  if (error instanceof ApiError && handledErrorCodes.includes(error.code)) return error.message;
  return null;
}
