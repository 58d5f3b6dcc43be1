import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { CatalogueViewer } from './catalogue-viewer.ts';
import { listCatalogueFacets } from './catalogue-facets.queries.ts';
import { findVisibleProductForCustomer, listCataloguePage } from './catalogue.queries.ts';

type PageOptions = Omit<Parameters<typeof listCataloguePage>[1], 'viewer'>;

/** A merchant's catalogue as one customer account sees it. */
export function createCatalogueService({ database: { db } }: Pick<AppDeps, 'database'>) {
  return {
    list: (viewer: CatalogueViewer, options: PageOptions) => listCataloguePage(db, { viewer, ...options }),

    /** The categories and brands holding a product the account can see. */
    facets: (viewer: CatalogueViewer) => listCatalogueFacets(db, { viewer }),

    /** A product the account cannot see is as missing as one that does not exist. */
    async getProduct(viewer: CatalogueViewer, productId: string) {
      const product = await findVisibleProductForCustomer(db, { ...viewer, productId });
      if (!product) throw notFound('Product');
      return product;
    },
  };
}
