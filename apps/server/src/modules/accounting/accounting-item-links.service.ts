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
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import {
  type BooksSession,
  createBooksSessions,
  findInPages,
  inBooks,
  readAllPages,
  toAccountingLink,
} from './accounting-books.ts';
import { findConnection } from './accounting-connections.queries.ts';
import { codeKey, itemsByCode } from './accounting-link-matching.ts';
import {
  productLinkCounts,
  productLinkPage,
  productsByIds,
  unlinkedProductsWithSku,
} from './accounting-link-records.queries.ts';
import { deleteLink, findLinks, insertLinks, linksToExternal, saveLink } from './accounting-links.queries.ts';
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
  const openBooks = createBooksSessions(deps);
  const scopeOf = (options: InBooks) => ({ ...options, kind: 'ITEM' as const });

  /** The books' items no product is linked to, by code, and whether there were more to read. */
  async function freeItems(options: InBooks & { books: BooksSession }) {
    const { client, call } = options.books;
    const { records, isTruncated } = await readAllPages((page) => client.listItems(call, { page }));
    const taken = await linksToExternal(db, {
      ...scopeOf(options),
      externalIds: records.map((item) => item.id),
    });
    const items = records.filter((item) => !taken.has(item.id));
    return { items, isTruncated, byCode: itemsByCode(items) };
  }

  const readFreeItems = (merchantId: string, provider: AccountingProvider) =>
    inBooks(provider, undefined, async () =>
      freeItems({ merchantId, provider, books: await openBooks(merchantId, provider) }),
    );

  /** The merchant's products that may be linked: NOT_FOUND for another's, CONFLICT for an archived one. */
  async function linkableProducts(merchantId: string, ids: readonly string[]) {
    const products = await productsByIds(db, { merchantId, ids });
    if (products.length < new Set(ids).size) throw notFound('Product');
    const archived = products.find((product) => product.isArchived);
    if (archived) throw conflict(`${archived.name} is archived: restore it to link it.`);
    return products;
  }

  async function stateOf(options: InBooks & { productId: string }): Promise<AccountingLinkState> {
    const [row] = await findLinks(db, { ...scopeOf(options), localIds: [options.productId] });
    return { id: options.productId, link: row ? toAccountingLink(row) : null };
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
      const { merchantId, provider, productId, externalId } = options;
      await linkableProducts(merchantId, [productId]);
      const holder = (await linksToExternal(db, { ...scopeOf(options), externalIds: [externalId] })).get(
        externalId,
      );
      if (holder === productId) return stateOf(options);
      if (holder) throw conflict('That item is linked to another product. Unlink it there first.');
      const item = await inBooks(provider, undefined, async () => {
        const { client, call } = await openBooks(merchantId, provider);
        return findInPages(
          (page) => client.listItems(call, { page }),
          (candidate) => candidate.id.toLowerCase() === externalId.toLowerCase(),
        );
      });
      if (!item) {
        const message = 'Choose one of the items in the books.';
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'external_id', message }]);
      }
      const saved = await saveLink(db, {
        ...scopeOf(options),
        localId: productId,
        externalId: item.id,
        externalName: item.code,
        userId: options.userId,
        now: deps.now(),
      });
      if (saved === 'taken') throw conflict('That item is linked to another product. Unlink it there first.');
      return stateOf(options);
    },

    async unlink(options: InBooks & { productId: string }): Promise<AccountingLinkState> {
      const [product] = await productsByIds(db, { merchantId: options.merchantId, ids: [options.productId] });
      if (!product) throw notFound('Product');
      await deleteLink(db, { ...scopeOf(options), localId: options.productId });
      return { id: options.productId, link: null };
    },
  };
}
