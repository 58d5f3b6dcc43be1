import type { ProductAction, ProductInput, ProductUpdateInput } from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { isReferenceRefusal } from '../../platform/db/database-errors.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { checkReferences, resolveImages } from './product-references.ts';
import {
  deleteProducts,
  insertProducts,
  setProductsArchived,
  updateProductAtVersion,
} from './product-writes.queries.ts';
import { asWriteConflict, inputToColumns } from './product-writes.ts';
import { countProductUses, findProduct, listOwnedProductIds, type ProductUses } from './products.queries.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 pricing tiers and 1 visibility group"; empty when nothing uses it. */
export function describeUses(uses: ProductUses): string {
  return [
    uses.pricingTiers > 0 ? plural(uses.pricingTiers, 'pricing tier', 'pricing tiers') : '',
    uses.visibilityGroups > 0 ? plural(uses.visibilityGroups, 'visibility group', 'visibility groups') : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

/** Deleting a used product is refused; archiving keeps it for history and hides it from customers. */
export const productInUse = (uses: string) => conflict(`Used by ${uses} — archive it instead.`);

/**
 * The tier or group was added after the count: the foreign keys (restrict) refuse the delete,
 * which reads the same as the count having found it.
 */
export function asInUseConflict(error: unknown) {
  return isReferenceRefusal(error)
    ? conflict('This product is now used by a pricing tier or visibility group — archive it instead.')
    : error;
}

/** Every id must be the merchant's: one that is not reads as missing (404), and nothing changes. */
export async function requireOwnedProducts(db: Db, options: { merchantId: string; ids: readonly string[] }) {
  const owned = await listOwnedProductIds(db, options);
  if (options.ids.some((id) => !owned.has(id))) throw notFound('Product');
}

export const staleProduct = () =>
  new AppError(
    'CONFLICT',
    'Someone else changed this product since you opened it. Reload to see their changes.',
  );

type Input = z.output<typeof ProductInput>;

/**
 * One product at a time. Callers have already checked the caller belongs to the merchant; every
 * query here is scoped to that merchant.
 */
export function createProductsService(deps: Pick<AppDeps, 'database' | 'storage' | 'now'>) {
  const { db } = deps.database;

  async function mustFind(merchantId: string, id: string) {
    const product = await findProduct(db, { merchantId, id });
    if (!product) throw notFound('Product');
    return product;
  }

  async function checkInput(options: {
    merchantId: string;
    userId: string;
    input: Input;
    currentImage: string | null;
  }) {
    await checkReferences(db, {
      merchantId: options.merchantId,
      items: [{ path: 'body', input: options.input }],
    });
    const [image] = await resolveImages({
      db,
      storage: deps.storage,
      userId: options.userId,
      now: deps.now(),
      items: [{ path: 'body', url: options.input.image, currentUrl: options.currentImage }],
    });
    return image ?? null;
  }

  return {
    get: (options: { merchantId: string; id: string }) => mustFind(options.merchantId, options.id),

    async create(options: { merchantId: string; userId: string; input: Input }) {
      const image = await checkInput({ ...options, currentImage: null });
      try {
        const [id] = await insertProducts(db, {
          merchantId: options.merchantId,
          rows: [{ ...inputToColumns(options.input), image, archivedAt: null }],
          now: deps.now(),
        });
        return await mustFind(options.merchantId, id!);
      } catch (error) {
        throw asWriteConflict(error, { value: options.input.sku });
      }
    },

    /** Guarded by the version the editor read: a stale edit changes nothing and answers 409. */
    async update(options: {
      merchantId: string;
      userId: string;
      id: string;
      input: z.output<typeof ProductUpdateInput>;
    }) {
      const { merchantId, id, input } = options;
      // Existence first, so another merchant's id is a 404 before any rule about the input.
      const current = await mustFind(merchantId, id);
      const image = await checkInput({ ...options, currentImage: current.image });
      try {
        const isUpdated = await updateProductAtVersion(db, {
          merchantId,
          id,
          version: input.version,
          values: { ...inputToColumns(input), image },
          now: deps.now(),
        });
        if (!isUpdated) throw staleProduct();
      } catch (error) {
        throw asWriteConflict(error, { value: input.sku });
      }
      return mustFind(merchantId, id);
    },

    async remove(options: { merchantId: string; id: string }) {
      await mustFind(options.merchantId, options.id);
      const uses = describeUses((await countProductUses(db, [options.id])).get(options.id)!);
      if (uses) throw productInUse(uses);
      try {
        await deleteProducts(db, { merchantId: options.merchantId, ids: [options.id] });
      } catch (error) {
        throw asInUseConflict(error);
      }
      return { deleted: true as const };
    },

    /** What uses each product; another merchant's id among them is a 404, as everywhere. */
    async listDependencies(options: { merchantId: string; ids: string[] }) {
      const ids = [...new Set(options.ids)];
      await requireOwnedProducts(db, { merchantId: options.merchantId, ids });
      const uses = await countProductUses(db, ids);
      return {
        items: ids.map((id) => {
          const use = uses.get(id)!;
          return {
            product_id: id,
            // No orders table yet, so no order can name a product.
            order_count: 0,
            pricing_tier_count: use.pricingTiers,
            visibility_group_count: use.visibilityGroups,
            can_delete: describeUses(use) === '',
          };
        }),
      };
    },

    /** Idempotent: archiving an archived product (or restoring an active one) changes nothing. */
    async changeState(options: { merchantId: string; id: string; action: ProductAction }) {
      await setProductsArchived(db, {
        merchantId: options.merchantId,
        ids: [options.id],
        isArchiving: options.action === 'archive',
        now: deps.now(),
      });
      return mustFind(options.merchantId, options.id);
    },
  };
}
