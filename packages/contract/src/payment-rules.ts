import type { FieldIssue } from './errors.ts';
import type { OrderPaymentStatus, PaymentMethod, PaymentState } from './enums.ts';
import { formatDollars } from './money.ts';

// The rules money follows (issue 11), one place each: an order's payment status and what it still
// owes, the payment state machine, and whether a payment's allocations add up. The server enforces
// them, OpenAPI documents them, the screens offer only what they allow.

// ——— Orders ———

/**
 * An order's payment status, derived from what its payments pay of it, never set by hand: Not
 * Tracked for a customer whose payments the merchant does not track; else Unpaid (nothing paid),
 * Partially Paid, or Paid (paid at least its total).
 */
export function orderPaymentStatus(order: {
  totalCents: number;
  paidCents: number;
  isTracked: boolean;
}): OrderPaymentStatus {
  if (!order.isTracked) return 'NOT_TRACKED';
  if (order.paidCents >= order.totalCents) return 'PAID';
  return order.paidCents <= 0 ? 'UNPAID' : 'PARTIALLY_PAID';
}

/** What an order still owes: total − paid, never below zero; a cancelled order owes nothing. */
export function outstandingCents(order: {
  totalCents: number;
  paidCents: number;
  isCancelled?: boolean;
}): number {
  if (order.isCancelled) return 0;
  return Math.max(order.totalCents - order.paidCents, 0);
}

// ——— The payment state machine ———

/**
 * UPCOMING (scheduled) → PROCESSING | SUCCESSFUL | FAILED | VOIDED; PROCESSING → SUCCESSFUL |
 * FAILED; SUCCESSFUL → REFUNDED (refunded in full) | VOIDED (recorded by hand, nothing refunded);
 * FAILED, REFUNDED and VOIDED are final.
 */
export const PAYMENT_TRANSITIONS: Record<PaymentState, readonly PaymentState[]> = {
  UPCOMING: ['PROCESSING', 'SUCCESSFUL', 'FAILED', 'VOIDED'],
  PROCESSING: ['SUCCESSFUL', 'FAILED'],
  SUCCESSFUL: ['REFUNDED', 'VOIDED'],
  FAILED: [],
  REFUNDED: [],
  VOIDED: [],
};

export function canMovePayment(from: PaymentState, to: PaymentState): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** States whose allocations pay orders: a part refund keeps SUCCESSFUL; amount − refunded counts. */
export const COUNTED_PAYMENT_STATES: readonly PaymentState[] = ['SUCCESSFUL', 'REFUNDED'];
/** States not settled yet: their allocations hold the order's outstanding until they settle or fail. */
export const PENDING_PAYMENT_STATES: readonly PaymentState[] = ['UPCOMING', 'PROCESSING'];

/**
 * Methods a merchant records by hand (money taken outside Tradeport). Card payments through
 * Stripe are made by the card flow and settled by Stripe; Account Credit by applying a credit.
 */
export const RECORDABLE_PAYMENT_METHODS = [
  'BANK_TRANSFER',
  'CASH',
  'EXTERNAL_CARD',
  'EXTERNAL_DIRECT_DEBIT',
  'OTHER',
] as const satisfies readonly PaymentMethod[];

/** States a payment recorded by hand may start in: received, or still on its way (a direct debit). */
export const RECORDABLE_PAYMENT_STATES = [
  'SUCCESSFUL',
  'PROCESSING',
  'UPCOMING',
] as const satisfies readonly PaymentState[];

/** Whether a person may move a payment's state (Stripe's card payments are moved by Stripe only). */
export const isHandSettled = (method: PaymentMethod) => method !== 'STRIPE_CARD';

type PaymentFacts = { state: PaymentState; method: PaymentMethod; refundedCents: number };

/**
 * Voiding cancels a payment as if it never was: an UPCOMING one, or a SUCCESSFUL one not taken by
 * card through Stripe (that money is returned by refunding it) and not refunded in any part.
 */
export function canVoidPayment(payment: PaymentFacts): boolean {
  if (payment.state === 'UPCOMING') return true;
  return payment.state === 'SUCCESSFUL' && isHandSettled(payment.method) && payment.refundedCents === 0;
}

/** A SUCCESSFUL payment can be refunded up to what is left; an applied credit is voided instead. */
export function refundableCents(payment: PaymentFacts & { amountCents: number }): number {
  if (payment.state !== 'SUCCESSFUL' || payment.method === 'ACCOUNT_CREDIT') return 0;
  return payment.amountCents - payment.refundedCents;
}

/** The states a person may move a payment to now (void and refund are their own actions). */
export function settlableStates(payment: PaymentFacts): PaymentState[] {
  if (!isHandSettled(payment.method)) return [];
  return PAYMENT_TRANSITIONS[payment.state].filter((to) => to !== 'VOIDED' && to !== 'REFUNDED');
}

// ——— Allocations ———

/** Most orders one payment pays. */
export const MAX_PAYMENT_ALLOCATIONS = 100;

export type AllocationRequest = { orderId: string; amountCents: number };

/** What the ledger knows of an order a payment names: undefined when it is not the customer's. */
export type AllocatableOrder = {
  number: number;
  isCancelled: boolean;
  /** What may still be allocated to it: outstanding less what pending payments already hold. */
  allocatableCents: number;
};

/** What the allocations pay in all (an applied credit's payment is exactly this). */
export function allocatedCents(allocations: readonly { amountCents: number }[]): number {
  return allocations.reduce((sum, allocation) => sum + allocation.amountCents, 0);
}

/** What a payment leaves over once its allocations are paid: it becomes account credit. */
export function overpaymentCents(
  amountCents: number,
  allocations: readonly { amountCents: number }[],
): number {
  return amountCents - allocatedCents(allocations);
}

const dollars = (cents: number) => `$${formatDollars(cents, { grouping: true })}`;

/**
 * Whether a payment's allocations add up, as field errors on the request's own fields (empty when
 * they do): each order the customer's, not cancelled, named once, and allocated no more than it
 * still owes; together no more than the payment's amount.
 */
export function checkAllocations(input: {
  amountCents: number;
  allocations: readonly AllocationRequest[];
  orders: ReadonlyMap<string, AllocatableOrder>;
  /** Where the allocations sit in the request: `allocations` (a payment) by default. */
  path?: string;
}): FieldIssue[] {
  const path = input.path ?? 'allocations';
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  input.allocations.forEach((allocation, i) => {
    const order = input.orders.get(allocation.orderId);
    if (seen.has(allocation.orderId)) {
      issues.push({ path: `${path}.${i}.order_id`, message: 'This order is already allocated above' });
    } else if (!order) {
      issues.push({ path: `${path}.${i}.order_id`, message: 'Not one of this customer’s orders' });
    } else if (order.isCancelled) {
      issues.push({ path: `${path}.${i}.order_id`, message: `Order #${order.number} is cancelled` });
    } else if (allocation.amountCents > order.allocatableCents) {
      issues.push({
        path: `${path}.${i}.amount_cents`,
        message:
          order.allocatableCents === 0
            ? `Order #${order.number} has nothing outstanding`
            : `More than order #${order.number}’s outstanding ${dollars(order.allocatableCents)}`,
      });
    }
    seen.add(allocation.orderId);
  });
  const allocated = allocatedCents(input.allocations);
  if (allocated > input.amountCents) {
    issues.push({
      path: 'amount_cents',
      message: `The allocations add up to ${dollars(allocated)}, more than the payment’s ${dollars(input.amountCents)}`,
    });
  }
  return issues;
}

// ——— Refunds ———

/**
 * How a refund is taken: first from what the payment left as credit (what of it is unspent), then
 * from its allocations newest first. Answers each allocation's new refunded amount; what it cannot
 * place (more than the payment has left) is `unplaced`.
 */
export function placeRefund(input: {
  refundCents: number;
  creditRemainingCents: number;
  /** Newest first. */
  allocations: readonly { id: string; amountCents: number; refundedCents: number }[];
}): { fromCreditCents: number; allocations: { id: string; refundedCents: number }[]; unplaced: number } {
  let left = input.refundCents;
  const fromCreditCents = Math.min(left, Math.max(input.creditRemainingCents, 0));
  left -= fromCreditCents;
  const allocations: { id: string; refundedCents: number }[] = [];
  for (const allocation of input.allocations) {
    if (left === 0) break;
    const take = Math.min(left, allocation.amountCents - allocation.refundedCents);
    if (take <= 0) continue;
    allocations.push({ id: allocation.id, refundedCents: allocation.refundedCents + take });
    left -= take;
  }
  return { fromCreditCents, allocations, unplaced: left };
}
