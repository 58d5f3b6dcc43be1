import { Billing } from '@tradeport/contract';

/** Harbour Wholesale's subscription as the API answers it: a trial by default, on a server with Stripe keys. */
export function billingFixture(overrides: Partial<Billing> = {}): Billing {
  return Billing.parse({
    flow: 'existing',
    is_set_up: true,
    status: 'TRIAL',
    plan: null,
    trial_end: '2099-05-14T12:00:00.000Z',
    payment_failed_date: null,
    deactivate_date: null,
    current_period_end: null,
    card: null,
    next_invoice: null,
    invoices: [],
    ...overrides,
  });
}

/** Paying monthly by Visa, two invoices paid so far. */
export const activeMonthly = (overrides: Partial<Billing> = {}): Billing =>
  billingFixture({
    status: 'ACTIVE',
    plan: 'MONTHLY',
    trial_end: null,
    current_period_end: '2026-06-03T12:00:00.000Z',
    card: { brand: 'visa', last4: '4242' },
    next_invoice: { amount_cents: 9_900, date: '2026-06-03T12:00:00.000Z' },
    invoices: [
      {
        id: 'in_2',
        number: 'TP-0002',
        created_at: '2026-05-03T12:00:00.000Z',
        amount_cents: 9_900,
        status: 'PAID',
        url: 'https://invoice.stripe.com/i/in_2',
      },
      {
        id: 'in_1',
        number: 'TP-0001',
        created_at: '2026-04-03T12:00:00.000Z',
        amount_cents: 9_900,
        status: 'PAID',
        url: 'https://invoice.stripe.com/i/in_1',
      },
    ],
    ...overrides,
  });
