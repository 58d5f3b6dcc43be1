import { formatDollars } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { parseDollarsToCents } from '#lib/money-input.ts';

// How a payment (or a credit) is spread over a customer's orders on screen: the amounts are typed
// per order as dollars, prefilled oldest first, and checked here before the server checks them
// again with the contract's checkAllocations.

/** An order the money can go to, as the outstanding list answers it (oldest due first). */
export type OwingOrder = { id: string; number: number; outstanding_cents: number };

/** Typed dollars per order id; an order left blank gets nothing. */
export type AllocationText = Record<string, string>;

const toText = (cents: number) => formatDollars(cents);

/**
 * Spreads `amountCents` over the orders oldest first, each up to what it owes; `firstOrderId` (the
 * order the form was opened for) is paid first. What is left over stays unallocated.
 */
export function allocateOldestFirst(input: {
  amountCents: number;
  orders: readonly OwingOrder[];
  firstOrderId?: string | null;
}): AllocationText {
  const first = input.orders.filter((order) => order.id === input.firstOrderId);
  const rest = input.orders.filter((order) => order.id !== input.firstOrderId);
  let left = Math.max(input.amountCents, 0);
  const text: AllocationText = {};
  for (const order of [...first, ...rest]) {
    const take = Math.min(left, order.outstanding_cents);
    text[order.id] = take > 0 ? toText(take) : '';
    left -= take;
  }
  return text;
}

/** The allocations the text makes, in the orders' order; blank, zero and unreadable ones are left out. */
export function allocationsOf(
  orders: readonly OwingOrder[],
  text: AllocationText,
): { order_id: string; amount_cents: number }[] {
  return orders.flatMap((order) => {
    const parsed = parseDollarsToCents(text[order.id] ?? '');
    return parsed.ok && parsed.cents ? [{ order_id: order.id, amount_cents: parsed.cents }] : [];
  });
}

export type AllocationProblems = {
  /** Per order id: its amount is unreadable or more than the order owes. */
  orders: Record<string, string>;
  /** The allocations together are more than there is to allocate. */
  total: string | null;
};

/**
 * What is wrong with the typed allocations before anything is sent, in the words the server would
 * use: each order no more than it owes, all of them no more than `availableCents` (`what` names it:
 * "the payment’s", "the credit’s remaining").
 */
export function allocationProblems(input: {
  orders: readonly OwingOrder[];
  text: AllocationText;
  availableCents: number | null;
  what: string;
}): AllocationProblems {
  const orders: Record<string, string> = {};
  for (const order of input.orders) {
    const parsed = parseDollarsToCents(input.text[order.id] ?? '', {
      name: `amount for order ${order.number}`,
      example: '120.50',
    });
    if (!parsed.ok) orders[order.id] = parsed.message;
    else if ((parsed.cents ?? 0) > order.outstanding_cents) {
      orders[order.id] = `More than order ${order.number} owes (${formatMoney(order.outstanding_cents)})`;
    }
  }
  const allocated = allocatedTotal(input.orders, input.text);
  const total =
    input.availableCents !== null && allocated > input.availableCents
      ? `The allocations add up to ${formatMoney(allocated)}, more than ${input.what} ${formatMoney(input.availableCents)}`
      : null;
  return { orders, total };
}

/** The allocated total of the typed amounts (unreadable ones count as nothing). */
export function allocatedTotal(orders: readonly OwingOrder[], text: AllocationText): number {
  return allocationsOf(orders, text).reduce((sum, allocation) => sum + allocation.amount_cents, 0);
}
