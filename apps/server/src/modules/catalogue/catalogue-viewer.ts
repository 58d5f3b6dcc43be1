import type { Db } from '../../platform/db/client.ts';
import {
  type CatalogueViewer,
  findViewableCustomerAccount,
  findViewableCustomerAccountOfProduct,
} from './catalogue-viewer.queries.ts';

export type { CatalogueViewer };

// Who may browse a merchant's catalogue as one of its customers. The rule itself is SQL
// (catalogue-viewer.queries.ts), so a caller who may not view finds nothing and answers 404.

/** The account of `customerOrganisationId` with the merchant, if the caller may view as it. */
export function findCatalogueViewer(
  db: Db,
  options: { userId: string; merchantId: string; customerOrganisationId: string },
): Promise<CatalogueViewer | undefined> {
  return findViewableCustomerAccount(db, options);
}

/**
 * As findCatalogueViewer, with the merchant being the one that owns `productId`: a product is
 * fetched by id alone, and only the customer organisation's account with its merchant counts.
 */
export function findCatalogueViewerOfProduct(
  db: Db,
  options: { userId: string; productId: string; customerOrganisationId: string },
): Promise<CatalogueViewer | undefined> {
  return findViewableCustomerAccountOfProduct(db, options);
}
