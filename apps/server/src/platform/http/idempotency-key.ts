import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey } from '@tradeport/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * The request's Idempotency-Key header, which every write that must not happen twice requires
 * (placing an order, recording or refunding a payment…): 400 without a valid one. `example` says
 * what one key is for, e.g. "per order".
 */
export function requireIdempotencyKey(request: FastifyRequest, example = 'per request'): string {
  const parsed = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
  if (parsed.success) return parsed.data;
  const message = `Send an Idempotency-Key header (8–200 characters, e.g. a new UUID ${example}) so that it can be retried safely.`;
  throw new AppError('VALIDATION_ERROR', message, [{ path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message }]);
}
