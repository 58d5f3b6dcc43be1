import {
  type AccountingBooks,
  type AccountingConnection,
  type AccountingSyncHealth,
  type AccountingSyncRecord,
  type BooksContact,
  type BooksItem,
  type CurrentUser,
  type CustomerLinkRow,
  type CustomerLinks,
  EMPTY_ACCOUNTING_MAPPING,
  type ProductLinkRow,
  type ProductLinks,
  type TaxRuleLinks,
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

/** One record as the sync health panel lists it; a failed invoice unless `overrides` say otherwise. */
export function syncRecordFixture(overrides: Partial<AccountingSyncRecord> = {}): AccountingSyncRecord {
  return {
    id: '00000000-0000-4000-8000-00000000a001',
    kind: 'INVOICE',
    source_id: '00000000-0000-4000-8000-000000000901',
    label: 'INV-001042',
    status: 'FAILED',
    message: 'Xero refused it: Account code 200 is archived',
    attempts: 1,
    last_attempt_at: '2025-03-04T01:30:00.000Z',
    synced_at: null,
    ...overrides,
  };
}

/** Counts by state, every state named (as the server answers them), zero unless `counts` says. */
export function syncHealthFixture(
  counts: Partial<AccountingSyncHealth['counts']> = {},
  problems: AccountingSyncRecord[] = [],
): AccountingSyncHealth {
  return {
    counts: { PENDING: 0, WAITING: 0, SYNCED: 0, FAILED: 0, SKIPPED: 0, ...counts },
    problems,
  };
}

/** A link made by Mia Chen, to the books' record `externalId` named `externalName`. */
export const linkFixture = (externalId: string, externalName: string) => ({
  external_id: externalId,
  external_name: externalName,
  linked_at: '2025-03-05T02:00:00.000Z',
  linked_by: 'Mia Chen',
});

/** Contacts in the connected books no customer is linked to. */
export const aromaContact: BooksContact = {
  id: 'xero-contact-aroma',
  name: 'Cafe Aroma Pty Ltd',
  email: 'accounts@cafearoma.com.au',
  tax_number: '51824753556',
};
export const deliContact: BooksContact = {
  id: 'xero-contact-deli',
  name: 'Northside Deli Trading',
  email: null,
  tax_number: null,
};

/** Café Aroma, unlinked, with the contact that has its ABN suggested. */
export const aromaRow: CustomerLinkRow = {
  customer: {
    id: '00000000-0000-4000-8000-0000000c0001',
    name: 'Café Aroma',
    abn: '51824753556',
    email: 'orders@cafearoma.com.au',
  },
  link: null,
  suggestion: { contact: aromaContact, reason: 'ABN' },
};
/** Harbour Bistro, linked by hand. */
export const bistroRow: CustomerLinkRow = {
  customer: { id: '00000000-0000-4000-8000-0000000c0002', name: 'Harbour Bistro', abn: null, email: null },
  link: linkFixture('xero-contact-bistro', 'Harbour Bistro Pty Ltd'),
  suggestion: null,
};
/** Northside Deli and The Green Grocer: unlinked, nothing suggested. */
export const deliRow: CustomerLinkRow = {
  customer: {
    id: '00000000-0000-4000-8000-0000000c0003',
    name: 'Northside Deli',
    abn: null,
    email: 'hello@northsidedeli.com.au',
  },
  link: null,
  suggestion: null,
};
export const grocerRow: CustomerLinkRow = {
  customer: { id: '00000000-0000-4000-8000-0000000c0004', name: 'The Green Grocer', abn: null, email: null },
  link: null,
  suggestion: null,
};

/** One page of customers with their contacts; these four, one linked and one suggested, unless `overrides` say. */
export function customerLinksFixture(overrides: Partial<CustomerLinks> = {}): CustomerLinks {
  return {
    items: [aromaRow, bistroRow, deliRow, grocerRow],
    next_cursor: null,
    unlinked_contacts: [aromaContact, deliContact],
    is_truncated: false,
    counts: { total: 4, linked: 1, suggested: 1 },
    ...overrides,
  };
}

export const beansItem: BooksItem = { id: 'xero-item-beans', code: 'COF-1KG', name: 'Arabica beans 1kg' };
export const lidsItem: BooksItem = { id: 'xero-item-lids', code: 'LID-8OZ', name: 'Cup lids 8oz' };

/** Arabica Beans, unlinked, with the item whose code is its SKU suggested. */
export const beansRow: ProductLinkRow = {
  product: {
    id: '00000000-0000-4000-8000-0000000d0001',
    name: 'Arabica Beans 1kg',
    sku: 'COF-1KG',
    base_price_cents: 3450,
    is_gst_applicable: false,
  },
  link: null,
  suggestion: beansItem,
};
/** Oat Milk, linked to its item (by code). */
export const oatRow: ProductLinkRow = {
  product: {
    id: '00000000-0000-4000-8000-0000000d0002',
    name: 'Oat Milk 1L',
    sku: 'OAT-1L',
    base_price_cents: 420,
    is_gst_applicable: true,
  },
  link: linkFixture('xero-item-oat', 'OAT-1L'),
  suggestion: null,
};
/** Paper Cups: unlinked, nothing suggested. */
export const cupsRow: ProductLinkRow = {
  product: {
    id: '00000000-0000-4000-8000-0000000d0003',
    name: 'Paper Cups 8oz',
    sku: 'CUP-8OZ',
    base_price_cents: 1299,
    is_gst_applicable: true,
  },
  link: null,
  suggestion: null,
};

/** One page of products with their items; these three, one linked and one suggested, unless `overrides` say. */
export function productLinksFixture(overrides: Partial<ProductLinks> = {}): ProductLinks {
  return {
    items: [beansRow, oatRow, cupsRow],
    next_cursor: null,
    unlinked_items: [beansItem, lidsItem],
    is_truncated: false,
    counts: { total: 3, linked: 1, suggested: 1 },
    ...overrides,
  };
}

export const wineRuleId = '00000000-0000-4000-8000-0000000e0001';
export const gstRuleId = '00000000-0000-4000-8000-0000000e0002';

/** A wine rule at 29 %, not linked, and a GST rule linked to GST on Income; `xeroBooks`' rates and one for wine. */
export function taxLinksFixture(overrides: Partial<TaxRuleLinks> = {}): TaxRuleLinks {
  return {
    tax_rules: [
      {
        tax_rule: { id: gstRuleId, name: 'GST', rate_basis_points: 1000 },
        link: linkFixture('OUTPUT', 'GST on Income'),
      },
      { tax_rule: { id: wineRuleId, name: 'Wine equalisation', rate_basis_points: 2900 }, link: null },
    ],
    tax_rates: [...xeroBooks.tax_rates, { id: 'TAX001', name: 'WET on Income', rate_percent: 29 }],
    ...overrides,
  };
}
