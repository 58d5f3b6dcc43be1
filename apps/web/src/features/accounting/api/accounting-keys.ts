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
  // How sending to the books is going: syncKeys (shared with the order screen).
  /**
   * The merchant's customers, products or tax rules with what they are linked to in the books
   * connected to (by their id, as `books`: the unlinked contacts and items are read from them).
   */
  links: (
    organisationId: string | null,
    provider: AccountingProvider,
    tenantId: string | null,
    kind: 'customers' | 'products' | 'taxes',
  ) => scopedKey(organisationId, 'accounting', provider, 'links', tenantId, kind),
};
