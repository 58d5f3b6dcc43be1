import { IDEMPOTENCY_KEY_HEADER } from '@tradeport/contract';
import { useState } from 'react';

// Writes that must never happen twice (placing an order, recording, refunding or applying money)
// carry an Idempotency-Key: the server answers a key it has seen with what that request made, so
// a double click, a retry after a lost answer or a replayed request is one write. These are the
// one way the screens make and send those keys.

/** The header that carries `key`, for a request's `headers`. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_KEY_HEADER]: key };
}

/** A key for one attempt at a write. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * One key for as long as the component that asks for it is mounted. A dialog's form mounts when
 * the dialog opens, so every submit from one opening (a double click, a retry after a refusal or a
 * lost answer) is the same write, and opening the dialog again starts another.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(newIdempotencyKey);
  return key;
}
