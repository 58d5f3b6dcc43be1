import type {
  Brand,
  BrandInput,
  Category,
  CategoryInput,
  Supplier,
  SupplierInput,
  UnitOfMeasure,
  UnitOfMeasureInput,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { checkCategoryDeletable, checkCategoryParent } from './category-rules.ts';
import { categoryChildrenCount, type TaxonomyTable, taxonomyTables } from './taxonomy-tables.queries.ts';

export type { TaxonomyTable };

const { brand: brands, supplier: suppliers, uom: unitsOfMeasure, category: categories } = taxonomyTables;

export type TaxonomyKindName = 'brand' | 'supplier' | 'uom' | 'category';

/**
 * What differs between brands, suppliers, units and categories: the table, the label in messages,
 * and how the wire shape maps to columns. Everything else (paging, tenancy, duplicate names,
 * the delete guard) is shared.
 */
export type TaxonomyKind<T extends TaxonomyTable, Input, Item> = {
  name: TaxonomyKindName;
  /** Capitalised, for "Brand not found." */
  label: string;
  table: T;
  toColumns(input: Input): Partial<T['$inferInsert']>;
  /** Selected beside each row when the kind lists a count of its children. */
  childrenCount?: typeof categoryChildrenCount;
  toItem(row: T['$inferSelect'], extras: { childrenCount: number }): Item;
  /** Rules of this kind only, checked before a create (no `id`) or an update. */
  checkWrite?(options: { db: Db; merchantId: string; id?: string; input: Input }): Promise<void>;
  checkDelete?(options: { db: Db; merchantId: string; id: string }): Promise<void>;
};

export const brandKind: TaxonomyKind<typeof brands, z.output<typeof BrandInput>, Brand> = {
  name: 'brand',
  label: 'Brand',
  table: brands,
  toColumns: (input) => ({ name: input.name }),
  toItem: (row) => ({ id: row.id, name: row.name }),
};

export const supplierKind: TaxonomyKind<typeof suppliers, z.output<typeof SupplierInput>, Supplier> = {
  name: 'supplier',
  label: 'Supplier',
  table: suppliers,
  toColumns: (input) => ({ name: input.name, contactEmail: input.contact_email, phone: input.phone }),
  toItem: (row) => ({ id: row.id, name: row.name, contact_email: row.contactEmail, phone: row.phone }),
};

export const unitOfMeasureKind: TaxonomyKind<
  typeof unitsOfMeasure,
  z.output<typeof UnitOfMeasureInput>,
  UnitOfMeasure
> = {
  name: 'uom',
  label: 'Unit of measure',
  table: unitsOfMeasure,
  toColumns: (input) => ({ name: input.name, abbreviation: input.abbreviation }),
  toItem: (row) => ({ id: row.id, name: row.name, abbreviation: row.abbreviation }),
};

export const categoryKind: TaxonomyKind<typeof categories, z.output<typeof CategoryInput>, Category> = {
  name: 'category',
  label: 'Category',
  table: categories,
  childrenCount: categoryChildrenCount,
  toColumns: (input) => ({ name: input.name, parentId: input.parent_id }),
  toItem: (row, extras) => ({
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    children_count: Number(extras.childrenCount),
  }),
  checkWrite: ({ input, ...rest }) => checkCategoryParent({ ...rest, parentId: input.parent_id }),
  checkDelete: checkCategoryDeletable,
};
