import type { AccountingConnection, ServedAccountingProvider } from '@tradeport/contract';
import { hasTaxLinks } from '../api/accounting-tax-links.ts';
import { CustomerLinksSection } from './customer-links-section.tsx';
import { ProductLinksSection } from './product-links-section.tsx';
import { TaxLinksSection } from './tax-links-section.tsx';

/**
 * CONNECTED: what the merchant's customers, products and (Xero only, SPEC §7) tax rules are in
 * the books, between the mapping and the sync.
 */
export function BooksLinksSections(props: {
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
}) {
  const { provider, connection } = props;
  return (
    <>
      <CustomerLinksSection provider={provider} connection={connection} />
      <ProductLinksSection provider={provider} connection={connection} />
      {hasTaxLinks(provider) && <TaxLinksSection provider={provider} connection={connection} />}
    </>
  );
}
