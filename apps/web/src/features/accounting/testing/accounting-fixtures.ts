import { type AccountingConnection, type CurrentUser, EMPTY_ACCOUNTING_MAPPING } from '@tradeport/contract';
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
