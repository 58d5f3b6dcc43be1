import { useState } from 'react';
import {
  allocateOldestFirst,
  type AllocationText,
  allocationsOf,
  allocatedTotal,
  type OwingOrder,
} from './allocation.ts';

/**
 * The allocation a form holds. Until the person types into a row it follows the amount, spread
 * oldest first (derived on each render, never stored); the first edit keeps what is shown plus
 * the edit, and "Allocate oldest first" (or another customer) goes back to following the amount.
 */
export function useAllocation(input: {
  orders: readonly OwingOrder[];
  amountCents: number | null;
  firstOrderId?: string | null;
}) {
  const [edited, setEdited] = useState<AllocationText | null>(null);
  const text =
    edited ??
    allocateOldestFirst({
      amountCents: input.amountCents ?? 0,
      orders: input.orders,
      firstOrderId: input.firstOrderId,
    });
  return {
    text,
    isFollowingAmount: edited === null,
    setRow: (orderId: string, value: string) => setEdited({ ...text, [orderId]: value }),
    followAmount: () => setEdited(null),
    /** What is sent: the rows with an amount, in the orders' order (request index i is the i-th). */
    allocations: allocationsOf(input.orders, text),
    allocatedCents: allocatedTotal(input.orders, text),
  };
}
