import type { PaymentMethod } from '@tradeport/contract';

/**
 * Applying account credit to orders is recorded as a payment by this method. It moves no money
 * (the credit was on the customer's balance already), so money received and statements leave it
 * out; the outstanding figures see it through orders.paid_cents like any payment.
 */
export const CREDIT_METHOD = 'ACCOUNT_CREDIT' satisfies PaymentMethod;
