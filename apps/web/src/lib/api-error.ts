// Type-only imports: this file is on the first-load path, and the contract's runtime pulls in zod.
import type { ErrorBody, FieldIssue } from '@tradeport/contract';

/** SPEC §8, spelling included. */
export const UNREADABLE_ERROR_MESSAGE = 'A error has occurred while trying to communicate with the server.';

/** Thrown for every failed call; `body` is null when no readable error body came back. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: ErrorBody | null;

  constructor(options: { status: number; body: ErrorBody | null; code?: string }) {
    super(messageOf(options));
    this.name = 'ApiError';
    this.status = options.status;
    this.body = options.body;
    this.code = options.body?.error_code ?? options.code ?? 'UNREADABLE_RESPONSE';
  }

  get details(): FieldIssue[] {
    return this.body?.details ?? [];
  }
}

/**
 * The body's message; for a failure on the server's side with the request's id, the id too, so
 * the person seeing it can quote it to support (who find the request's log lines by it).
 */
function messageOf({ status, body }: { status: number; body: ErrorBody | null }): string {
  if (!body) return UNREADABLE_ERROR_MESSAGE;
  if (status >= 500 && body.request_id) return `${body.message} (Reference: ${body.request_id})`;
  return body.message;
}
