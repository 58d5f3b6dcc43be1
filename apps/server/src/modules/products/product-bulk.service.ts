import {
  type BulkProductsInput,
  type BulkProductsResult,
  type FieldIssue,
  MAX_BULK_MATCHING_PRODUCTS,
  matchingChangedMessage,
  type ProductInput,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { databaseLowerKeys } from '../../platform/db/database-lower.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { bulkResult } from './product-bulk-result.ts';
import { importProducts } from './product-import.service.ts';
import { checkReferences, resolveImages } from './product-references.ts';
import {
  deleteProducts,
  findTakenSkus,
  insertProducts,
  lockMatchingProducts,
  lockProducts,
  parkProductSkus,
  setProductsArchived,
  updateProducts,
} from './product-writes.queries.ts';
import { asWriteConflict, inputToColumns, PRODUCT_FORM_COLUMNS, skuTaken } from './product-writes.ts';
import { countProductUses } from './products.queries.ts';
import { asInUseConflict, describeUses, requireOwnedProducts, staleProduct } from './products.service.ts';

// Many products in one call, all or nothing: every check runs inside the one transaction, and any
// failure (another merchant's id, a stale version, a SKU clash, a used product) rolls it all back.

type Bulk = z.output<typeof BulkProductsInput>;

const tooManyMatching = () => {
  const message = `More than ${MAX_BULK_MATCHING_PRODUCTS.toLocaleString('en-AU')} products match; narrow the search or filters and try again. Nothing was changed.`;
  return new AppError('VALIDATION_ERROR', message, [{ path: 'body.filters', message }]);
};
type Input = z.output<typeof ProductInput>;

/** A SKU twice in the call, or already another product's: 409 on the later row's sku. */
async function checkSkus(
  db: Db,
  options: { merchantId: string; items: { sku: string }[]; exceptIds?: string[] },
) {
  const skus = options.items.map((item) => item.sku);
  // As the one-SKU-per-merchant index compares them: by the database's lower case.
  const lower = await databaseLowerKeys(db, skus);
  const seen = new Set<string>();
  options.items.forEach((item, index) => {
    const key = lower(item.sku);
    if (seen.has(key)) throw skuTaken(item.sku, `body.products.${index}.sku`);
    seen.add(key);
  });
  const taken = await findTakenSkus(db, {
    merchantId: options.merchantId,
    skus,
    exceptIds: options.exceptIds,
    lower,
  });
  const index = options.items.findIndex((item) => taken.has(item.sku));
  if (index >= 0) throw skuTaken(options.items[index]!.sku, `body.products.${index}.sku`);
}

export function createProductBulkService(deps: Pick<AppDeps, 'database' | 'storage' | 'now'>) {
  const { db } = deps.database;

  async function checkInputs(options: {
    tx: Db;
    merchantId: string;
    userId: string;
    inputs: Input[];
    currentImages: (string | null)[];
  }) {
    const items = options.inputs.map((input, index) => ({ path: `body.products.${index}`, input }));
    await checkReferences(options.tx, { merchantId: options.merchantId, items });
    return resolveImages({
      db: options.tx,
      storage: deps.storage,
      userId: options.userId,
      now: deps.now(),
      items: items.map((item, index) => ({
        path: item.path,
        url: item.input.image,
        currentUrl: options.currentImages[index] ?? null,
      })),
    });
  }

  async function create(tx: Db, options: { merchantId: string; userId: string; inputs: Input[] }) {
    const images = await checkInputs({ ...options, tx, currentImages: [] });
    await checkSkus(tx, { merchantId: options.merchantId, items: options.inputs });
    const ids = await insertProducts(tx, {
      merchantId: options.merchantId,
      rows: options.inputs.map((input, index) => ({
        ...inputToColumns(input),
        image: images[index]!,
        archivedAt: null,
      })),
      now: deps.now(),
    });
    return bulkResult('create', { created: ids.length });
  }

  async function update(
    tx: Db,
    options: { merchantId: string; userId: string; inputs: (Input & { id: string; version: number })[] },
  ) {
    const { merchantId, inputs } = options;
    const ids = inputs.map((input) => input.id);
    const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index);
    if (repeated >= 0) {
      const message = 'This product is listed twice.';
      throw new AppError('VALIDATION_ERROR', message, [{ path: `body.products.${repeated}.id`, message }]);
    }
    await requireOwnedProducts(tx, { merchantId, ids });
    const current = await lockProducts(tx, { merchantId, ids });
    // A product deleted by another request after the ownership check is gone once its lock is ours.
    if (current.length !== ids.length) throw notFound('Product');
    const byId = new Map(current.map((row) => [row.id, row]));
    const stale: FieldIssue[] = inputs
      .map((input, index) => ({ input, index }))
      .filter(({ input }) => byId.get(input.id)!.version !== input.version)
      .map(({ index }) => ({ path: `body.products.${index}.version`, message: staleProduct().message }));
    if (stale.length > 0) {
      throw new AppError(
        'CONFLICT',
        `${stale.length} of these products changed since you opened them. Reload to see the changes; nothing was saved.`,
        stale,
      );
    }
    const images = await checkInputs({
      ...options,
      tx,
      currentImages: inputs.map((input) => byId.get(input.id)!.image),
    });
    await checkSkus(tx, { merchantId, items: inputs, exceptIds: ids });
    // A batch may swap or chain SKUs (A→B, B→A), which the SKU index would refuse row by row.
    await parkProductSkus(tx, { merchantId, ids });
    const changed = await updateProducts(tx, {
      merchantId,
      columns: PRODUCT_FORM_COLUMNS,
      rows: inputs.map((input, index) => ({
        id: input.id,
        version: input.version,
        values: { ...inputToColumns(input), image: images[index]! },
      })),
      now: deps.now(),
    });
    // Rows are locked above, so only a change between the read and the lock can get here.
    if (changed.length !== inputs.length) throw staleProduct();
    return bulkResult('update', { updated: changed.length });
  }

  async function changeState(tx: Db, options: { merchantId: string; ids: string[]; isArchiving: boolean }) {
    const { merchantId, ids, isArchiving } = options;
    await requireOwnedProducts(tx, { merchantId, ids });
    // Idempotent, as for one product: only those not already in the wanted state change.
    const changed = await setProductsArchived(tx, { merchantId, ids, isArchiving, now: deps.now() });
    return isArchiving
      ? bulkResult('archive', { archived: changed.length })
      : bulkResult('restore', { restored: changed.length });
  }

  async function remove(tx: Db, options: { merchantId: string; ids: string[] }) {
    const { merchantId, ids } = options;
    await requireOwnedProducts(tx, { merchantId, ids });
    const uses = await countProductUses(tx, ids);
    const used = [...uses.values()].filter((use) => describeUses(use) !== '');
    if (used.length > 0) {
      const total = describeUses({
        pricingTiers: used.reduce((sum, use) => sum + use.pricingTiers, 0),
        visibilityGroups: used.reduce((sum, use) => sum + use.visibilityGroups, 0),
      });
      const which = used.length === 1 ? '1 of these products is' : `${used.length} of these products are`;
      throw conflict(`${which} used by ${total} — archive instead. Nothing was deleted.`);
    }
    const deleted = await deleteProducts(tx, { merchantId, ids });
    return bulkResult('delete', { deleted });
  }

  return {
    async run(options: { merchantId: string; userId: string; input: Bulk }): Promise<BulkProductsResult> {
      const { merchantId, userId, input } = options;
      try {
        if (input.action === 'import') {
          return await importProducts(db, {
            merchantId,
            csv: input.csv,
            isDryRun: input.dry_run,
            now: deps.now(),
          });
        }
        return await db.transaction(async (tx) => {
          switch (input.action) {
            case 'create':
              return create(tx, { merchantId, userId, inputs: input.products });
            case 'update':
              return update(tx, { merchantId, userId, inputs: input.products });
            case 'archive':
            case 'restore':
              return changeState(tx, {
                merchantId,
                ids: [...new Set(input.product_ids)],
                isArchiving: input.action === 'archive',
              });
            case 'delete':
              return remove(tx, { merchantId, ids: [...new Set(input.product_ids)] });
            case 'matching': {
              // The filter is applied here, by the list's own conditions, not by ids a page sent;
              // the products are locked as they are chosen, so none is deleted before it is acted on.
              const ids = await lockMatchingProducts(tx, {
                merchantId,
                filters: input.filters,
                max: MAX_BULK_MATCHING_PRODUCTS,
              });
              if (ids.length > MAX_BULK_MATCHING_PRODUCTS) throw tooManyMatching();
              // Only the N the person confirmed: a filter that now matches more (or fewer) is refused.
              if (ids.length !== input.expected_total) {
                const message = matchingChangedMessage(ids.length);
                throw new AppError('CONFLICT', message, [{ path: 'body.expected_total', message }]);
              }
              if (ids.length === 0) return bulkResult(input.apply);
              return input.apply === 'delete'
                ? remove(tx, { merchantId, ids })
                : changeState(tx, { merchantId, ids, isArchiving: input.apply === 'archive' });
            }
          }
        });
      } catch (error) {
        const isDelete =
          input.action === 'delete' || (input.action === 'matching' && input.apply === 'delete');
        throw isDelete ? asInUseConflict(error) : asWriteConflict(error);
      }
    },
  };
}
