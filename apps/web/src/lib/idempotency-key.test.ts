import { renderHook } from '@testing-library/react';
import { IDEMPOTENCY_KEY_HEADER } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { idempotencyHeaders, newIdempotencyKey, useIdempotencyKey } from './idempotency-key.ts';

describe('idempotency keys', () => {
  it('sends the key in the contract’s header', () => {
    expect(idempotencyHeaders('key-12345678')).toEqual({ [IDEMPOTENCY_KEY_HEADER]: 'key-12345678' });
  });

  it('makes a new key for each attempt, long enough for the server to accept', () => {
    const [first, second] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(first).not.toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(8);
  });

  it('keeps one key while mounted, and another for the next mount (a dialog opened again)', () => {
    const opened = renderHook(() => useIdempotencyKey());
    const key = opened.result.current;
    opened.rerender();
    expect(opened.result.current).toBe(key);
    opened.unmount();
    expect(renderHook(() => useIdempotencyKey()).result.current).not.toBe(key);
  });
});
