import type { AccountingProvider } from '@tradeport/contract';
import { scopedKey } from '#lib/query-keys.ts';

/** The accounting feature's query keys; each starts with the organisation acted for (DESIGN §5). */
export const accountingKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'accounting'),
  /** The merchant's connection to one provider's books. */
  connection: (organisationId: string | null, provider: AccountingProvider) =>
    scopedKey(organisationId, 'accounting', provider, 'connection'),
  /** The accounts and tax rates of the books connected to (by their id, so other books never show). */
  books: (organisationId: string | null, provider: AccountingProvider, tenantId: string | null) =>
    scopedKey(organisationId, 'accounting', provider, 'books', tenantId),
};
