import type { Customer, GroupCustomer, GroupSummary, ProductSearchResult } from '@tradeport/contract';
import { harbour, idOf, merchantUser } from '#testing/fixtures.ts';

/** The signed-in merchant as a User (not an Admin) of Harbour Wholesale: may read, not change. */
export const harbourUser = {
  ...merchantUser,
  organisations: merchantUser.organisations.map((organisation) =>
    organisation.id === harbour.id ? { ...organisation, user_level: 'User' as const } : organisation,
  ),
};

export function groupFixture(overrides: Partial<GroupSummary> & { id: string; name: string }): GroupSummary {
  return {
    description: null,
    product_count: 0,
    customer_count: 0,
    version: 1,
    created_at: '2025-05-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A catalogue product as the picker's search answers it. */
export function productFixture(
  overrides: Partial<ProductSearchResult> & { id: string; name: string },
): ProductSearchResult {
  return {
    sku: overrides.name.toUpperCase().replace(/\W+/g, '-'),
    brand_name: null,
    base_price_cents: 1_000,
    is_active: true,
    image: null,
    ...overrides,
  };
}

/** A customer of Harbour Wholesale as its customer list answers it. */
export function customerFixture(overrides: Partial<Customer> & { id: string; title: string }): Customer {
  return {
    organisation_id: idOf(Number.parseInt(overrides.id.slice(-6), 10) + 500_000),
    abn: null,
    contact_email: null,
    phone: null,
    address_line1: null,
    address_line2: null,
    suburb: null,
    state: null,
    postcode: null,
    is_house_account: false,
    archived: false,
    payment_settings: {
      is_payments_enabled: false,
      payment_terms_days: 14,
      credit_limit_cents: null,
      is_tax_exempt: false,
      is_overdue_reminders_enabled: true,
    },
    user_count: 1,
    pricing_tier: null,
    visibility_groups: [],
    created_at: '2025-03-04T01:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** The same customer as a tier or group lists it. */
export function memberOf(customer: Customer): GroupCustomer {
  return {
    customer_id: customer.id,
    organisation_id: customer.organisation_id,
    title: customer.title,
    is_archived: customer.archived,
  };
}
