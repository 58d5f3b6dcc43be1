import type { GroupStorage, ProductEntry } from './group-storage.queries.ts';

// Pricing tiers and visibility groups are both "a named set of products and a set of customers"
// of one merchant. Everything they share (paging, tenancy, names, versions, batch checks) is
// written once in this folder; a GroupKind says only what differs: its storage
// (group-storage.queries.ts) and how the wire shapes map to it.

export type { ProductEntry };

/** A product in a group as queries read it: the product's own columns and the kind's extras. */
export type GroupProductRow = {
  id: string;
  name: string;
  sku: string;
  archivedAt: Date | null;
  basePriceCents: number;
  extras: Record<string, unknown>;
};

export type GroupKind<
  ItemsInput,
  ItemInput,
  Item,
  Entry extends ProductEntry = ProductEntry,
> = GroupStorage<Entry> & {
  /** Capitalised, for "Pricing tier not found." */
  label: string;
  products: {
    toItem(row: GroupProductRow): Item;
    entriesOf(input: ItemsInput): Entry[];
    entryOf(input: ItemInput): Entry;
  };
};

/** Any kind, for the shared queries that never look at a kind's input or item shapes. */
export type AnyGroupKind = GroupKind<never, never, unknown, never>;
