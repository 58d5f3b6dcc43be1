import type {
  CurrentUser,
  CustomerAccountBalance,
  OrganisationMembership,
  OutstandingOrder,
  ReceivablesOverview,
} from '@tradeport/contract';
import { harbour, idOf, merchantUser } from '#testing/fixtures.ts';

export const cafe: OrganisationMembership = {
  id: idOf(0xc1),
  title: 'Café Aroma',
  active: true,
  invitation_accepted: true,
  user_level: 'User',
};

/** A café whose payments Harbour Wholesale tracks. */
export const customerUser: CurrentUser = {
  ...merchantUser,
  title: 'Sam Ortiz',
  is_merchant: false,
  settings: { payments_enabled: false, advanced_tax_enabled: false },
  customer: { payment_settings: { is_payments_enabled: true } },
  merchant: { title: harbour.title, image: null },
  organisations: [cafe],
};

export const CAFE_ACCOUNT_ID = idOf(0xca);
export const BISTRO_ORGANISATION_ID = idOf(0xb1);
export const ORDER_1042 = idOf(1042);
export const ORDER_1043 = idOf(1043);

const zeroByMethod = (): ReceivablesOverview['by_method'] =>
  (
    [
      'EXTERNAL_CARD',
      'EXTERNAL_DIRECT_DEBIT',
      'STRIPE_CARD',
      'BANK_TRANSFER',
      'ACCOUNT_CREDIT',
      'CASH',
      'OTHER',
    ] as const
  ).map((method) => ({ method, payment_count: 0, amount_cents: 0 }));

/** March 2025 for Harbour Wholesale: $1,234.50 by bank transfer and card, $50 of credit applied. */
export function overviewFixture(overrides: Partial<ReceivablesOverview> = {}): ReceivablesOverview {
  const byMethod = zeroByMethod().map((row) => {
    if (row.method === 'BANK_TRANSFER') return { ...row, payment_count: 2, amount_cents: 100_000 };
    if (row.method === 'EXTERNAL_CARD') return { ...row, payment_count: 1, amount_cents: 23_450 };
    if (row.method === 'ACCOUNT_CREDIT') return { ...row, payment_count: 1, amount_cents: 5_000 };
    return row;
  });
  return {
    period: { from: '2025-03-01', to: '2025-03-30' },
    time_zone: 'Australia/Sydney',
    as_of: '2025-03-30',
    received_cents: 123_450,
    received_count: 3,
    credit_applied_cents: 5_000,
    by_method: byMethod,
    by_day: [],
    outstanding_cents: 250_075,
    outstanding_count: 6,
    overdue_cents: 180_000,
    overdue_count: 4,
    aging: [
      { bucket: 'DAYS_0_30', amount_cents: 100_075, order_count: 3 },
      { bucket: 'DAYS_31_60', amount_cents: 60_000, order_count: 1 },
      { bucket: 'DAYS_61_90', amount_cents: 0, order_count: 0 },
      { bucket: 'DAYS_90_PLUS', amount_cents: 90_000, order_count: 2 },
    ],
    ...overrides,
  };
}

export function nothingReceived(): Partial<ReceivablesOverview> {
  return { received_cents: 0, received_count: 0, credit_applied_cents: 0, by_method: zeroByMethod() };
}

/** Invoice 1042 of Café Aroma: $123.45, $23.45 paid, 12 days overdue on 30 March. */
export function outstandingFixture(overrides: Partial<OutstandingOrder> = {}): OutstandingOrder {
  return {
    id: ORDER_1042,
    number: 1042,
    invoice_number: 1042,
    status: 'SHIPPED',
    customer: { id: CAFE_ACCOUNT_ID, organisation_id: cafe.id, name: cafe.title },
    placed_at: '2025-03-04T01:30:00.000Z',
    due_date: '2025-03-18',
    total_cents: 12_345,
    paid_cents: 2_345,
    outstanding_cents: 10_000,
    payment_status: 'PARTIALLY_PAID',
    is_overdue: true,
    days_overdue: 12,
    aging_bucket: 'DAYS_0_30',
    ...overrides,
  };
}

/** Not yet due: invoice 1043, nothing paid. */
export const notYetDue = outstandingFixture({
  id: ORDER_1043,
  number: 1043,
  invoice_number: 1043,
  placed_at: '2025-03-25T01:30:00.000Z',
  due_date: '2025-04-08',
  total_cents: 5_000,
  paid_cents: 0,
  outstanding_cents: 5_000,
  payment_status: 'UNPAID',
  is_overdue: false,
  days_overdue: 0,
});

export function accountFixture(overrides: Partial<CustomerAccountBalance> = {}): CustomerAccountBalance {
  return {
    id: CAFE_ACCOUNT_ID,
    organisation_id: cafe.id,
    name: cafe.title,
    archived: false,
    is_payments_enabled: true,
    is_overdue_reminders_enabled: true,
    balance_cents: 15_000,
    outstanding_count: 2,
    overdue_cents: 10_000,
    available_credit_cents: 2_500,
    credit_limit_cents: 20_000,
    credit_limit_used_basis_points: 7_500,
    is_over_credit_limit: false,
    ...overrides,
  };
}
