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
    super(options.body?.message ?? UNREADABLE_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = options.status;
    this.body = options.body;
    this.code = options.body?.error_code ?? options.code ?? 'UNREADABLE_RESPONSE';
  }

  get details(): FieldIssue[] {
    return this.body?.details ?? [];
  }
}
