import {
  type AccountingBooks,
  type AccountingConnection,
  type CurrentUser,
  EMPTY_ACCOUNTING_MAPPING,
} from '@tradeport/contract';
import { merchantUser } from '#testing/fixtures.ts';

/** Harbour Wholesale's Admin acting as a User instead. */
export const harbourUser: CurrentUser = {
  ...merchantUser,
  organisations: merchantUser.organisations.map((organisation) => ({
    ...organisation,
    user_level: 'User' as const,
  })),
};

export const harbourBooks = { id: 'tenant-harbour-books', name: 'Harbour Wholesale Pty Ltd' };
export const baysideBooks = { id: 'tenant-bayside-books', name: 'Bayside Trading Trust' };

/** Xero set up on the server, never connected; `overrides` for the other states. */
export function connectionFixture(overrides: Partial<AccountingConnection> = {}): AccountingConnection {
  return {
    provider: 'xero',
    is_set_up: true,
    status: 'NOT_CONNECTED',
    tenant: null,
    tenants: [],
    connected_at: null,
    connected_by: null,
    mapping: EMPTY_ACCOUNTING_MAPPING,
    version: null,
    ...overrides,
  };
}

export const connectedFixture = connectionFixture({
  status: 'CONNECTED',
  tenant: harbourBooks,
  connected_at: '2025-03-04T01:00:00.000Z',
  connected_by: 'Mia Chen',
  version: 3,
});

export const choosingFixture = connectionFixture({
  status: 'CHOOSING_TENANT',
  tenants: [harbourBooks, baysideBooks],
  connected_at: '2025-03-04T01:00:00.000Z',
  connected_by: 'Mia Chen',
  version: 2,
});

/** The connected Xero organisation's chart of accounts and sales tax rates, as Xero's AU defaults name them. */
export const xeroBooks: AccountingBooks = {
  accounts: [
    { code: '200', name: 'Sales', use: 'REVENUE' },
    { code: '260', name: 'Other Revenue', use: 'REVENUE' },
    { code: '270', name: 'Interest Income', use: 'REVENUE' },
    { code: '090', name: 'Business Bank Account', use: 'PAYMENTS' },
    { code: '091', name: 'Business Savings Account', use: 'PAYMENTS' },
    { code: '610', name: 'Accounts Receivable', use: 'OTHER' },
  ],
  tax_rates: [
    { id: 'OUTPUT', name: 'GST on Income', rate_percent: 10 },
    { id: 'EXEMPTOUTPUT', name: 'GST Free Income', rate_percent: 0 },
    { id: 'BASEXCLUDED', name: 'BAS Excluded', rate_percent: 0 },
  ],
};

/** Connected, with everything mapped onto `xeroBooks`. */
export const mappedFixture = connectionFixture({
  ...connectedFixture,
  mapping: {
    sales_account_code: '200',
    freight_account_code: '260',
    surcharge_account_code: null,
    payment_account_codes: { BANK_TRANSFER: '090', STRIPE_CARD: '091' },
    gst_tax_id: 'OUTPUT',
    gst_free_tax_id: 'EXEMPTOUTPUT',
    push_on: 'ON_COMPLETION',
  },
});
