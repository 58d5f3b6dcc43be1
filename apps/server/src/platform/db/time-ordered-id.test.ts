import { describe, expect, it } from 'vitest';
import { RecordId } from '@tradeport/contract';
import { timeOrderedId } from './time-ordered-id.ts';

describe('timeOrderedId', () => {
  it('is a version 7 UUID that the API accepts as an id', () => {
    const id = timeOrderedId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(RecordId('order').parse(id)).toBe(id);
  });

  it('starts with the time it was made, so later ids sort after earlier ones', () => {
    const at = Date.UTC(2026, 10, 24, 3, 4, 5, 678);
    const id = timeOrderedId(at);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    const ids = [at, at + 1, at + 1_000, at + 86_400_000].map((ms) => timeOrderedId(ms));
    expect([...ids].sort()).toEqual(ids);
  });

  it('differs in its random bits within one millisecond', () => {
    const ids = new Set(Array.from({ length: 1_000 }, () => timeOrderedId(1_700_000_000_000)));
    expect(ids.size).toBe(1_000);
  });
});
