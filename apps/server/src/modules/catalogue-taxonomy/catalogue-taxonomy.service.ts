import type { AppDeps } from '../../app-deps.ts';
import { isReferenceRefusal, uniqueViolation } from '../../platform/db/database-errors.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import {
  countProductsUsing,
  deleteTaxonomyItem,
  findTaxonomyItem,
  insertTaxonomyItem,
  listTaxonomyPage,
  updateTaxonomyItem,
} from './catalogue-taxonomy.queries.ts';
import type { TaxonomyKind, TaxonomyTable } from './taxonomy-kinds.ts';

/** Names are unique per merchant ignoring case (categories: among siblings); the index enforces it. */
function nameTaken(kind: { name: string; label: string }, name: string) {
  const where = kind.name === 'category' ? ' at this level' : '';
  const message = `A ${kind.label.toLowerCase()} named “${name}” already exists${where}.`;
  return new AppError('CONFLICT', message, [{ path: 'body.name', message }]);
}

/**
 * Create, change and delete for any of the four kinds. Callers have already checked the caller
 * is a member of the merchant; every query here is scoped to that merchant.
 */
export function createTaxonomyService(deps: Pick<AppDeps, 'database'>) {
  const { db } = deps.database;

  async function writing<R>(kind: { name: string; label: string }, name: string, write: () => Promise<R>) {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw nameTaken(kind, name);
      throw error;
    }
  }

  async function mustFind<T extends TaxonomyTable, I, Item>(
    kind: TaxonomyKind<T, I, Item>,
    merchantId: string,
    id: string,
  ) {
    const item = await findTaxonomyItem(db, { kind, merchantId, id });
    if (!item) throw notFound(kind.label);
    return item as Item;
  }

  return {
    list: <T extends TaxonomyTable, I, Item>(
      kind: TaxonomyKind<T, I, Item>,
      options: { merchantId: string; limit: number; cursor?: string; search?: string },
    ) => listTaxonomyPage(db, { kind, ...options }) as Promise<{ items: Item[]; next_cursor: string | null }>,

    async create<T extends TaxonomyTable, I extends { name: string }, Item>(
      kind: TaxonomyKind<T, I, Item>,
      options: { merchantId: string; input: I },
    ) {
      await kind.checkWrite?.({ db, merchantId: options.merchantId, input: options.input });
      const id = await writing(kind, options.input.name, () =>
        insertTaxonomyItem(db, {
          kind,
          merchantId: options.merchantId,
          columns: kind.toColumns(options.input),
        }),
      );
      return mustFind(kind, options.merchantId, id);
    },

    async update<T extends TaxonomyTable, I extends { name: string }, Item>(
      kind: TaxonomyKind<T, I, Item>,
      options: { merchantId: string; id: string; input: I },
    ) {
      const { merchantId, id, input } = options;
      // Existence first, so another merchant's id is a 404 before any rule about the input.
      await mustFind(kind, merchantId, id);
      await kind.checkWrite?.({ db, merchantId, id, input });
      const isUpdated = await writing(kind, input.name, () =>
        updateTaxonomyItem(db, { kind, merchantId, id, columns: kind.toColumns(input) }),
      );
      if (!isUpdated) throw notFound(kind.label);
      return mustFind(kind, merchantId, id);
    },

    async remove<T extends TaxonomyTable, I, Item>(
      kind: TaxonomyKind<T, I, Item>,
      options: { merchantId: string; id: string },
    ) {
      const { merchantId, id } = options;
      await mustFind(kind, merchantId, id);
      const inUse = await countProductsUsing({ db, kind: kind.name, id });
      if (inUse > 0) {
        const label = kind.label.toLowerCase();
        throw conflict(
          `${inUse} product${inUse === 1 ? ' uses' : 's use'} this ${label} (archived ones included); move them to another ${label} first.`,
        );
      }
      await kind.checkDelete?.({ db, merchantId, id });
      try {
        if (!(await deleteTaxonomyItem(db, { kind, merchantId, id }))) throw notFound(kind.label);
      } catch (error) {
        // A sub-category added since the check above: the foreign key refuses, as the check would have.
        if (isReferenceRefusal(error)) {
          throw conflict('Something still refers to this; move or delete it first.');
        }
        throw error;
      }
      return { deleted: true as const };
    },
  };
}
