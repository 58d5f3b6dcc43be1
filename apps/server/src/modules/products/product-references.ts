import type { FieldIssue } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { ImageStorage } from '../../platform/storage/image-storage.ts';
import { resolveImageUrl } from '../uploads/uploads.service.ts';
import { listOwnedReferenceIds, type ReferenceField } from './product-references.queries.ts';

// What a product points at must be the merchant's own. A brand (supplier, category, unit) of
// another merchant reads exactly like a missing one: 400 on the field, "does not exist", so
// nothing about other merchants leaks, and the form shows it where the choice was made.

type References = {
  brand_id: string | null;
  supplier_id: string | null;
  category_id: string | null;
  unit_of_measure_id: string | null;
};

const KINDS: { field: ReferenceField; label: string }[] = [
  { field: 'brand_id', label: 'brand' },
  { field: 'supplier_id', label: 'supplier' },
  { field: 'category_id', label: 'category' },
  { field: 'unit_of_measure_id', label: 'unit of measure' },
];

/** Several products' references, one query per kind; `path` prefixes each field in the details. */
export async function checkReferences(
  db: Db,
  options: { merchantId: string; items: { path: string; input: References }[] },
) {
  const issues: FieldIssue[] = [];
  for (const { field, label } of KINDS) {
    const ids = [...new Set(options.items.map((item) => item.input[field]).filter((id) => id !== null))];
    if (ids.length === 0) continue;
    const known = await listOwnedReferenceIds(db, { field, merchantId: options.merchantId, ids });
    for (const item of options.items) {
      const id = item.input[field];
      if (id !== null && !known.has(id)) {
        issues.push({ path: `${item.path}.${field}`, message: `That ${label} does not exist.` });
      }
    }
  }
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', issues[0]!.message, issues);
}

/**
 * Each product's image: unchanged, removed, or one of the caller's own checked uploads, exactly
 * as an organisation's logo (uploads.service resolves it). A URL repeated across products is
 * checked once.
 */
export async function resolveImages(options: {
  db: Db;
  storage: ImageStorage;
  userId: string;
  now: Date;
  items: { path: string; url: string | null; currentUrl: string | null }[];
}): Promise<(string | null)[]> {
  const checked = new Set<string>();
  const resolved: (string | null)[] = [];
  for (const item of options.items) {
    if (item.url !== null && item.url !== item.currentUrl && !checked.has(item.url)) {
      await resolveImageUrl({
        db: options.db,
        storage: options.storage,
        userId: options.userId,
        url: item.url,
        currentUrl: item.currentUrl,
        field: `${item.path}.image`,
        now: options.now,
      });
      checked.add(item.url);
    }
    resolved.push(item.url);
  }
  return resolved;
}
