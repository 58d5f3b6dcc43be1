import {
  type CardPaymentResult,
  type CardPaymentSetup,
  type CardQuote,
  type CurrentUser,
  cardFeeSchedule,
  type Order,
  type OrganisationMembership,
  type StripeSettings,
} from '@tradeport/contract';
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

/** The merchant's Admin acting as a User instead. */
export const harbourUser: CurrentUser = {
  ...merchantUser,
  organisations: merchantUser.organisations.map((organisation) =>
    organisation.id === harbour.id ? { ...organisation, user_level: 'User' as const } : organisation,
  ),
};

export const CUSTOMER_ACCOUNT_ID = idOf(0xca);
export const ORDER_1042 = idOf(1042);
export const ORDER_1043 = idOf(1043);

export function setupFixture(overrides: Partial<CardPaymentSetup> = {}): CardPaymentSetup {
  return {
    is_available: true,
    unavailable_reason: null,
    stripe: {
      publishable_key: 'pk_test_fixture',
      stripe_account_id: 'acct_fixture',
      stripe_js_url: 'http://stripe.test/v3',
      currency: 'aud',
    },
    merchant: { id: harbour.id, title: harbour.title, image: null },
    customer: { id: CUSTOMER_ACCOUNT_ID, name: cafe.title },
    is_fee_passed_on: true,
    fees: cardFeeSchedule(),
    orders: [
      {
        id: ORDER_1042,
        number: 1042,
        invoice_number: 1042,
        placed_at: '2025-03-04T01:30:00.000Z',
        due_date: '2025-03-18',
        total_cents: 12_345,
        paid_cents: 0,
        payable_cents: 12_345,
      },
      {
        id: ORDER_1043,
        number: 1043,
        invoice_number: 1043,
        placed_at: '2025-03-05T01:30:00.000Z',
        due_date: '2025-03-19',
        total_cents: 5_000,
        paid_cents: 1_000,
        payable_cents: 4_000,
      },
    ],
    payable_cents: 16_345,
    ...overrides,
  };
}

const usCard = { brand: 'visa', last4: '4242', country: 'US', region: 'INTERNATIONAL' as const };

/** Order 1042 paid with a US card, its surcharge passed on (3.5 % + $0.30). */
export function quoteFixture(overrides: Partial<CardQuote> = {}): CardQuote {
  return {
    card: usCard,
    orders: [{ id: ORDER_1042, number: 1042, amount_cents: 12_345 }],
    amount_cents: 12_345,
    surcharge: { label: 'Card surcharge (3.5 % + $0.30, card issued outside Australia)', cents: 479 },
    surcharge_cents: 479,
    total_cents: 12_824,
    ...overrides,
  };
}

export function resultFixture(overrides: Partial<CardPaymentResult> = {}): CardPaymentResult {
  return {
    payment_id: idOf(0x9001),
    number: 31,
    state: 'SUCCESSFUL',
    card: usCard,
    orders: [{ id: ORDER_1042, number: 1042, amount_cents: 12_345 }],
    amount_cents: 12_345,
    surcharge_cents: 479,
    total_cents: 12_824,
    failure_message: null,
    client_secret: null,
    ...overrides,
  };
}

export function stripeSettingsFixture(overrides: Partial<StripeSettings> = {}): StripeSettings {
  return {
    is_set_up: true,
    status: 'NOT_CONNECTED',
    stripe_account_id: null,
    is_charges_enabled: false,
    is_details_submitted: false,
    is_fee_passed_on: true,
    connected_at: null,
    version: null,
    fees: cardFeeSchedule(),
    ...overrides,
  };
}

/** Order 1042 of Café Aroma as the order endpoint answers it (what the merchant's lookup reads). */
export function orderFixture(): Order {
  return {
    id: ORDER_1042,
    number: 1042,
    invoice_number: 1042,
    status: 'PROCESSING',
    merchant: { id: harbour.id, title: harbour.title },
    customer: { organisation_id: cafe.id, account_id: CUSTOMER_ACCOUNT_ID, name: cafe.title },
    placed_at: '2025-03-04T01:30:00.000Z',
    delivery_date: null,
    shipping_method_name: null,
    purchase_order_number: null,
    is_placed_by_merchant: false,
    line_count: 0,
    total_cents: 12_345,
    payment_status: 'UNPAID',
    paid_cents: 0,
    outstanding_cents: 12_345,
    customer_abn: null,
    delivery_address: null,
    shipping_method_id: null,
    shipping_method_kind: null,
    notes: null,
    placed_by_name: null,
    payment_terms_days: 14,
    due_date: '2025-03-18',
    gst_rounding: 'PER_LINE',
    is_tax_exempt: false,
    subtotal_cents: 11_223,
    delivery_fee_cents: 0,
    gst_cents: 1_122,
    lines: [],
    history: [],
    version: 1,
    can_edit: false,
    allowed_statuses: [],
  };
}
