import { forbiddenMessage } from '#lib/admin-only-reason.ts';
import { ApiError } from '#lib/api-error.ts';

/**
 * Refusals a change can meet that the screens explain where it happened, so the API client raises
 * no toast for them: the person is no longer an Admin (403, which never toasts anyway), the record
 * went meanwhile (404), or the server turned the change down (409, 400). Anything else is toasted.
 */
export const WRITE_ERROR_CODES = ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'VALIDATION_ERROR'] as const;

/**
 * What to say where a change was refused; null when the API client has already shown a toast. A
 * FORBIDDEN is worded as on every screen (lib/admin-only-reason's forbiddenMessage).
 */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'FORBIDDEN') return forbiddenMessage(error);
  return (WRITE_ERROR_CODES as readonly string[]).includes(error.code) ? error.message : null;
}
