import type { Db } from '../../platform/db/client.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { countChildCategories, findCategoryParent } from './categories.queries.ts';

// What only categories have: they nest one level, so a parent must be top-level, and a category
// that has children can neither move under another nor be deleted.

const badParent = (message: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path: 'body.parent_id', message }]);

/** Checks `parentId` for a new category (no `id`) or an existing one being changed. */
export async function checkCategoryParent(options: {
  db: Db;
  merchantId: string;
  id?: string;
  parentId: string | null;
}) {
  const { db, merchantId, id, parentId } = options;
  if (parentId === null) return;
  if (parentId === id) throw badParent('A category cannot be its own parent.');
  // Another merchant's category reads the same as a missing one: nothing about it leaks.
  const parent = await findCategoryParent({ db, merchantId, id: parentId });
  if (!parent) throw badParent('That parent category does not exist.');
  if (parent.parentId !== null) {
    throw badParent('Categories nest one level only: choose a top-level category as the parent.');
  }
  if (id && (await countChildCategories({ db, merchantId, id })) > 0) {
    throw badParent('This category has sub-categories, so it must stay top-level.');
  }
}

export async function checkCategoryDeletable(options: { db: Db; merchantId: string; id: string }) {
  const children = await countChildCategories(options);
  if (children > 0) {
    throw conflict(
      `${children} sub-categor${children === 1 ? 'y belongs' : 'ies belong'} to this category; move or delete them first.`,
    );
  }
}
