import {
  type AccountingLinkState,
  type AccountingProvider,
  EMPTY_ACCOUNTING_MAPPING,
  type LinksChanged,
  type ProductLinks,
  type ProductLinksInput,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { ProviderItem } from '../../integrations/accounting/accounting-provider.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { inBooks, toAccountingLink } from './accounting-books.ts';
import { findConnection } from './accounting-connections.queries.ts';
import { createKindLinks } from './accounting-kind-links.ts';
import { codeKey, itemsByCode } from './accounting-link-matching.ts';
import {
  productLinkCounts,
  productLinkPage,
  productsByIds,
  unlinkedProductsWithSku,
} from './accounting-link-records.queries.ts';
import { insertLinks } from './accounting-links.queries.ts';
import { ensureItems } from './accounting-links.service.ts';

// The products ↔ items screen (SPEC §7 {provider}/organisation/{id}/products): both sides, the
// item whose code is the product's SKU suggested, linking one by one or every suggestion, and
// making the missing items. Merchant Admins only (the routes say so). A product is always looked
// up before the books are called, so another merchant's id is a 404 whatever the connection.

type Deps = Pick<AppDeps, 'database' | 'config' | 'accounting' | 'now' | 'jobs'>;
type InBooks = { merchantId: string; provider: AccountingProvider };

const toBooksItem = (item: ProviderItem) => ({ id: item.id, code: item.code, name: item.name });

export function createItemLinks(deps: Deps) {
  const { db } = deps.database;
  const itemLinks = createKindLinks(deps, {
    kind: 'ITEM',
    readPage: ({ client, call }, page) => client.listItems(call, { page }),
    nameOfBook: (item) => item.code,
    takenMessage: 'That item is linked to another product. Unlink it there first.',
    notInBooksMessage: 'Choose one of the items in the books.',
  });
  const { openBooks, scopeOf } = itemLinks;

  /** The books' items no product is linked to, by code, and whether there were more to read. */
  const readFreeItems = (merchantId: string, provider: AccountingProvider) =>
    inBooks(provider, undefined, async () => {
      const books = await openBooks(merchantId, provider);
      const { records: items, isTruncated } = await itemLinks.freeBookRecords({
        merchantId,
        provider,
        books,
      });
      return { items, isTruncated, byCode: itemsByCode(items) };
    });

  /** The merchant's products that may be linked: NOT_FOUND for another's, CONFLICT for an archived one. */
  async function linkableProducts(merchantId: string, ids: readonly string[]) {
    const products = await productsByIds(db, { merchantId, ids });
    if (products.length < new Set(ids).size) throw notFound('Product');
    const archived = products.find((product) => product.isArchived);
    if (archived) throw conflict(`${archived.name} is archived: restore it to link it.`);
    return products;
  }

  return {
    async list(options: InBooks & { limit: number; cursor?: string }): Promise<ProductLinks> {
      const { merchantId, provider } = options;
      const { items, isTruncated, byCode } = await readFreeItems(merchantId, provider);
      const page = await productLinkPage(db, options);
      const counts = await productLinkCounts(db, { merchantId, provider, codes: [...byCode.keys()] });
      return {
        items: page.items.map((product) => {
          const suggestion = product.link ? undefined : byCode.get(codeKey(product.sku));
          return {
            product: {
              id: product.id,
              name: product.name,
              sku: product.sku,
              base_price_cents: product.basePriceCents,
              is_gst_applicable: product.isGstApplicable,
            },
            link: product.link ? toAccountingLink(product.link) : null,
            suggestion: suggestion ? toBooksItem(suggestion) : null,
          };
        }),
        next_cursor: page.nextCursor,
        unlinked_items: items.map(toBooksItem),
        is_truncated: isTruncated,
        counts,
      };
    },

    async change(options: InBooks & { userId: string; input: ProductLinksInput }): Promise<LinksChanged> {
      const { merchantId, provider, userId, input } = options;
      if (input.action === 'CREATE') {
        const products = await linkableProducts(merchantId, input.product_ids);
        const mapping = (await findConnection(db, merchantId, provider))?.mapping ?? EMPTY_ACCOUNTING_MAPPING;
        const { linked, created } = await inBooks(provider, 'product_ids', async () => {
          const { client, call } = await openBooks(merchantId, provider);
          return ensureItems({
            books: { db, merchantId, provider, directory: client, call },
            products,
            defaults: {
              salesAccountCode: mapping.sales_account_code,
              gstTaxId: mapping.gst_tax_id,
              gstFreeTaxId: mapping.gst_free_tax_id,
            },
            userId,
            now: deps.now(),
          });
        });
        return { linked, created };
      }
      const { byCode } = await readFreeItems(merchantId, provider);
      const products = await unlinkedProductsWithSku(db, { merchantId, provider, codes: [...byCode.keys()] });
      const linked = await insertLinks(db, {
        ...scopeOf(options),
        links: products.map((product) => {
          const item = byCode.get(codeKey(product.sku))!;
          return { localId: product.id, externalId: item.id, externalName: item.code };
        }),
        userId,
        now: deps.now(),
      });
      return { linked: linked.length, created: 0 };
    },

    async link(
      options: InBooks & { userId: string; productId: string; externalId: string },
    ): Promise<AccountingLinkState> {
      await linkableProducts(options.merchantId, [options.productId]);
      return itemLinks.link({ ...options, localId: options.productId });
    },

    async unlink(options: InBooks & { productId: string }): Promise<AccountingLinkState> {
      const [product] = await productsByIds(db, { merchantId: options.merchantId, ids: [options.productId] });
      if (!product) throw notFound('Product');
      return itemLinks.unlink({ ...options, localId: options.productId });
    },
  };
}
