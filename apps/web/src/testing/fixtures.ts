import {
  type AccountingConnection,
  EMPTY_ACCOUNTING_MAPPING,
  type CurrentUser,
  type MerchantHome,
  ONBOARDING_STEPS,
  type OnboardingProgress,
  type Organisation,
  type OrganisationMembership,
} from '@tradeport/contract';

/** Ids a test can read back; the number makes each one distinct. */
export const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const harbour: OrganisationMembership = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Harbour Wholesale',
  active: true,
  invitation_accepted: true,
  user_level: 'Admin',
};

export const bayside: OrganisationMembership = {
  id: '00000000-0000-4000-8000-000000000002',
  title: 'Bayside Produce',
  active: true,
  invitation_accepted: true,
  user_level: 'User',
};

export const merchantUser: CurrentUser = {
  id: '00000000-0000-4000-8000-0000000000aa',
  title: 'Mia Chen',
  is_merchant: true,
  image: null,
  settings: { payments_enabled: true, advanced_tax_enabled: false },
  customer: null,
  merchant: null,
  trial_end: null,
  deactivate_date: null,
  payment_failed_date: null,
  customer_view: null,
  organisations: [harbour, bayside],
};

/** A session that stays valid for the length of any test. */
export const longSession = { accessToken: 'stored-token', expiresAt: '2099-01-01T00:00:00.000Z' };

/** A merchant's home with nothing sold yet: what `/` asks for as a merchant. */
export const emptyMerchantHome: MerchantHome = {
  as_of: '2026-03-31',
  time_zone: 'Australia/Sydney',
  processing_count: 0,
  on_hold_count: 0,
  delivering_today_count: 0,
  new_since_yesterday_count: 0,
  overdue_cents: 0,
  overdue_count: 0,
  sales: { from: '2026-03-02', to: '2026-03-31', total_cents: 0, order_count: 0, by_day: [] },
};

/** A merchant just signed up: no onboarding step done yet. */
export const freshOnboarding: OnboardingProgress = {
  completed_percentage: 0,
  steps: ONBOARDING_STEPS.map((step) => ({ step, is_done: false })),
};

/** Harbour Wholesale's own record (GET organisations/{id}), details blank, at version 3. */
export const harbourOrganisation = (overrides: Partial<Organisation> = {}): Organisation => ({
  id: harbour.id,
  is_merchant: true,
  title: 'Harbour Wholesale',
  slug: 'harbour-wholesale',
  image: null,
  abn: null,
  contact_email: null,
  phone: null,
  address_line1: null,
  address_line2: null,
  suburb: null,
  state: null,
  postcode: null,
  trial_end: null,
  time_zone: 'Australia/Sydney',
  gst_rounding: 'PER_LINE',
  bank_account_name: null,
  bank_bsb: null,
  bank_account_number: null,
  version: 3,
  ...overrides,
});

/** What /quickbooks/settings is answered on a server without QuickBooks' keys. */
export const quickBooksNotSetUp: AccountingConnection = {
  provider: 'quickbooks',
  is_set_up: false,
  status: 'NOT_CONNECTED',
  tenant: null,
  tenants: [],
  connected_at: null,
  connected_by: null,
  mapping: EMPTY_ACCOUNTING_MAPPING,
  version: null,
};

/** /quickbooks/settings' own request, answered by `quickBooksNotSetUp`. */
export const isQuickBooksSettingsUrl = (url: string) =>
  /^\/api\/v1\/quickbooks\/organisation\/[^/]+\/settings$/.test(url);
