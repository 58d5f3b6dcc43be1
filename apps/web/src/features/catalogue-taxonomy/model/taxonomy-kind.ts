import type { UseFormReturnType } from '@mantine/form';
import type { Endpoint } from '@tradeport/contract';
import type { ReactNode } from 'react';
import type { z } from 'zod';

/** What every kind's record has; the list is ordered and searched by name. */
export type TaxonomyItem = { id: string; name: string };

/** The route segment of each kind's screen, and its part of the query keys. */
export type TaxonomyKey = 'brands' | 'suppliers' | 'uoms' | 'categories';

/** Form values are text as typed (a select's "none" is ''); `inputOf` turns them into the body. */
export type TaxonomyValues = Record<string, string>;

type TaxonomyPage<T> = { items: T[]; next_cursor: string | null };

/**
 * The contract's four calls for one kind, typed only by what the screens rely on: the page and
 * record they answer and the body schema. Params are checked by the contract when sent.
 */
export type TaxonomyEndpoints<T extends TaxonomyItem, S extends z.ZodType> = {
  list: Endpoint<z.ZodType, z.ZodType, undefined, z.ZodType<TaxonomyPage<T>>>;
  create: Endpoint<z.ZodType, undefined, S, z.ZodType<T>>;
  update: Endpoint<z.ZodType, undefined, S, z.ZodType<T>>;
  remove: Endpoint<z.ZodType, undefined, undefined, z.ZodType>;
};

export type TaxonomyTextField<V extends TaxonomyValues> = {
  field: keyof V & string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  description?: string;
  isRequired?: boolean;
};

export type TaxonomyColumn<T> = {
  header: string;
  cell: (item: T) => ReactNode;
  align?: 'right';
};

/** A row of the table; `isNested` rows sit indented under the row above them (sub-categories). */
export type TaxonomyRow<T> = { item: T; isNested: boolean };

/**
 * Everything that differs between brands, suppliers, units of measure and categories. The screen,
 * table, form and dialogs are shared and read only this.
 */
export type TaxonomyKind<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues> = {
  key: TaxonomyKey;
  /** SPEC §2's route title, which is the page heading. */
  title: string;
  description: string;
  /** Lower case, as in "Add brand" and "No brands yet". */
  singular: string;
  plural: string;
  endpoints: TaxonomyEndpoints<T, S>;
  /** The path parameter naming one record in update and delete (`bid` in `/brands/{bid}/…`). */
  idParam: string;
  emptyValues: V;
  valuesOf: (item: T) => V;
  /** The body to check with the contract and send; optional text left blank becomes null. */
  inputOf: (values: V) => z.input<S>;
  textFields: readonly TaxonomyTextField<V>[];
  /** Fields beyond the text ones, rendered after them (a category's parent). */
  renderMoreFields?: (props: { form: UseFormReturnType<V>; item: T | null }) => ReactNode;
  /** Columns after the name. */
  columns: readonly TaxonomyColumn<T>[];
  /** The order rows are shown in; the list's own (name) order unless given. */
  arrangeRows?: (items: readonly T[]) => TaxonomyRow<T>[];
};

/** Blank optional text goes to the API as null, the contract's "none". */
export const blankToNull = (value: string) => (value.trim() === '' ? null : value);
