import type {
  Credit,
  CurrentUser,
  Customer,
  Order,
  OrganisationMembership,
  OutstandingOrder,
  Payment,
  PaymentSummary,
} from '@tradeport/contract';
import { customerFixture as customerOfHarbour } from '#shared/product-groups/testing/group-fixtures.ts';
import { harbour, idOf, merchantUser } from '#testing/fixtures.ts';

export const cafe: OrganisationMembership = {
  id: idOf(0xc1),
  title: 'Café Aroma',
  active: true,
  invitation_accepted: true,
  user_level: 'User',
};

export const customerUser: CurrentUser = {
  ...merchantUser,
  title: 'Sam Ortiz',
  is_merchant: false,
  settings: { payments_enabled: false, advanced_tax_enabled: false },
  customer: { payment_settings: { is_payments_enabled: true } },
  merchant: { title: harbour.title, image: null },
  organisations: [cafe],
};

export const PAYMENT_ID = idOf(0x9001);
export const CREDIT_ID = idOf(0x7001);
export const ORDER_1042 = idOf(1042);
export const ORDER_1043 = idOf(1043);

export function paymentSummaryFixture(overrides: Partial<PaymentSummary> = {}): PaymentSummary {
  return {
    id: PAYMENT_ID,
    number: 31,
    merchant: { id: harbour.id, title: harbour.title },
    customer: { organisation_id: cafe.id, name: cafe.title },
    method: 'BANK_TRANSFER',
    state: 'SUCCESSFUL',
    amount_cents: 20_000,
    surcharge_cents: 0,
    refunded_cents: 0,
    unallocated_cents: 2_655,
    paid_on: '2025-03-10',
    reference: 'NAB 884213',
    created_at: '2025-03-10T02:00:00.000Z',
    allocations: [
      {
        order_id: ORDER_1042,
        order_number: 1042,
        invoice_number: 1042,
        amount_cents: 12_345,
        refunded_cents: 0,
      },
      {
        order_id: ORDER_1043,
        order_number: 1043,
        invoice_number: 1043,
        amount_cents: 5_000,
        refunded_cents: 0,
      },
    ],
    ...overrides,
  };
}

export function paymentFixture(overrides: Partial<Payment> = {}): Payment {
  return {
    ...paymentSummaryFixture(),
    notes: null,
    recorded_by_name: 'Mia Chen',
    applied_credit: null,
    overpayment_credit: { id: CREDIT_ID, number: 8, amount_cents: 2_655, remaining_cents: 2_655 },
    refunds: [],
    card: null,
    failure_message: null,
    voided_at: null,
    version: 3,
    can_void: true,
    refundable_cents: 20_000,
    allowed_states: [],
    ...overrides,
  };
}

/** Café Aroma's orders that owe, oldest due first, as the outstanding list answers them. */
export function owingFixture(
  overrides: Partial<OutstandingOrder> & { id: string; number: number },
): OutstandingOrder {
  return {
    invoice_number: overrides.number,
    status: 'SHIPPED',
    customer: { id: idOf(0xca), organisation_id: cafe.id, name: cafe.title },
    placed_at: '2025-03-04T01:30:00.000Z',
    due_date: '2025-03-18',
    total_cents: 12_345,
    paid_cents: 0,
    outstanding_cents: 12_345,
    payment_status: 'UNPAID',
    is_overdue: false,
    days_overdue: 0,
    aging_bucket: 'DAYS_0_30',
    ...overrides,
  };
}

export const owingOrders = () => ({
  items: [
    owingFixture({ id: ORDER_1042, number: 1042, due_date: '2025-03-18', is_overdue: true, days_overdue: 3 }),
    owingFixture({
      id: ORDER_1043,
      number: 1043,
      due_date: '2025-03-25',
      total_cents: 6_000,
      paid_cents: 1_000,
      outstanding_cents: 5_000,
      payment_status: 'PARTIALLY_PAID',
    }),
  ],
  next_cursor: null,
  as_of: '2025-03-21',
});

export function creditFixture(overrides: Partial<Credit> = {}): Credit {
  return {
    id: CREDIT_ID,
    number: 8,
    merchant: { id: harbour.id, title: harbour.title },
    customer: { organisation_id: cafe.id, name: cafe.title },
    source: 'MANUAL',
    status: 'AVAILABLE',
    reason: 'Damaged crate of milk',
    amount_cents: 6_000,
    gst_cents: 0,
    remaining_cents: 6_000,
    order: null,
    payment: null,
    created_at: '2025-03-12T03:00:00.000Z',
    voided_at: null,
    lines: [],
    applications: [],
    created_by_name: 'Mia Chen',
    version: 1,
    can_void: true,
    ...overrides,
  };
}

/** Café Aroma as the merchant's customer list answers it. */
export const cafeCustomer: Customer = customerOfHarbour({
  id: idOf(0xca),
  organisation_id: cafe.id,
  title: cafe.title,
});

/** Order 1043 of Café Aroma as the order endpoint answers it (what Record payment for it reads). */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_1043,
    number: 1043,
    invoice_number: 1043,
    status: 'SHIPPED',
    merchant: { id: harbour.id, title: harbour.title },
    customer: { organisation_id: cafe.id, account_id: cafeCustomer.id, name: cafe.title },
    placed_at: '2025-03-05T01:30:00.000Z',
    delivery_date: null,
    shipping_method_name: null,
    purchase_order_number: null,
    is_placed_by_merchant: false,
    line_count: 0,
    total_cents: 6_000,
    payment_status: 'PARTIALLY_PAID',
    paid_cents: 1_000,
    outstanding_cents: 5_000,
    customer_abn: null,
    delivery_address: null,
    shipping_method_id: null,
    shipping_method_kind: null,
    notes: null,
    placed_by_name: null,
    payment_terms_days: 14,
    due_date: '2025-03-25',
    gst_rounding: 'PER_LINE',
    is_tax_exempt: false,
    subtotal_cents: 5_455,
    delivery_fee_cents: 0,
    gst_cents: 545,
    lines: [],
    history: [],
    version: 1,
    can_edit: false,
    allowed_statuses: [],
    ...overrides,
  };
}
