import { ErrorBody } from '@tradeport/contract';
import { UNREADABLE_ERROR_MESSAGE } from './api-error.ts';

// SPEC §8: these never toast. UNAUTHORIZED ends in a redirect to sign-in; FORBIDDEN screens explain themselves.
const SILENT_ERROR_CODES: ReadonlySet<string> = new Set(['UNAUTHORIZED', 'FORBIDDEN']);

/**
 * The toast text for a failed call, from its response body as received: `null` when SPEC §8 says
 * no toast, the fixed message when the body is not a readable error.
 */
export function errorToastMessage(body: unknown): string | null {
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return UNREADABLE_ERROR_MESSAGE;
  const { error_code: code, message } = parsed.data;
  if (SILENT_ERROR_CODES.has(code)) return null;
  return `${code.replaceAll('_', ' ')} - ${message}`;
}
