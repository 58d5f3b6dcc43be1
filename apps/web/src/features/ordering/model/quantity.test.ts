import { MAX_LINE_QUANTITY } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import {
  firstQuantity,
  isOrderableQuantity,
  orderableQuantity,
  quantityHint,
  stepDown,
  stepUp,
} from './quantity.ts';

const packsOf6Min8 = { min_order_quantity: 8, pack_size: 6 };
const single = { min_order_quantity: 1, pack_size: 1 };

describe('quantity rules', () => {
  it('starts at the minimum rounded up to a whole pack', () => {
    expect(firstQuantity(packsOf6Min8)).toBe(12);
    expect(firstQuantity({ min_order_quantity: 6, pack_size: 6 })).toBe(6);
    expect(firstQuantity({ min_order_quantity: 3, pack_size: 1 })).toBe(3);
    expect(firstQuantity({ min_order_quantity: 0, pack_size: 0 })).toBe(1);
  });

  it('steps by the pack and never below the first quantity', () => {
    expect(stepUp(packsOf6Min8, 12)).toBe(18);
    expect(stepDown(packsOf6Min8, 18)).toBe(12);
    expect(stepDown(packsOf6Min8, 12)).toBe(12);
    expect(stepUp(single, 1)).toBe(2);
  });

  it('steps an unorderable quantity onto the nearest orderable one', () => {
    expect(stepUp(packsOf6Min8, 7)).toBe(12);
    expect(stepUp(packsOf6Min8, 13)).toBe(18);
    expect(stepDown(packsOf6Min8, 20)).toBe(18);
  });

  it('rounds a typed quantity up to a whole pack within the limits', () => {
    expect(orderableQuantity(packsOf6Min8, 1)).toBe(12);
    expect(orderableQuantity(packsOf6Min8, 13)).toBe(18);
    expect(orderableQuantity(packsOf6Min8, Number.NaN)).toBe(12);
    expect(orderableQuantity(single, MAX_LINE_QUANTITY + 5)).toBe(MAX_LINE_QUANTITY);
    expect(isOrderableQuantity(packsOf6Min8, orderableQuantity(packsOf6Min8, 99_999))).toBe(true);
  });

  it('says which quantities the server takes', () => {
    expect(isOrderableQuantity(packsOf6Min8, 12)).toBe(true);
    expect(isOrderableQuantity(packsOf6Min8, 6)).toBe(false);
    expect(isOrderableQuantity(packsOf6Min8, 14)).toBe(false);
  });

  it('words the hint only when there is a rule to follow', () => {
    expect(quantityHint(packsOf6Min8)).toBe('Min 8 · packs of 6');
    expect(quantityHint({ min_order_quantity: 1, pack_size: 12 })).toBe('Packs of 12');
    expect(quantityHint(single)).toBeNull();
  });
});
