import type { groupEndpoints } from '@tradeport/contract';
import type { z } from 'zod';
import { routePath } from '#lib/routes.ts';

/** What every product in a tier or group carries; a kind's own item adds to it (a tier's prices). */
export type GroupProduct = { product_id: string; name: string; sku: string; is_active: boolean };

type EndpointSet<S extends z.ZodType<GroupProduct>> = ReturnType<
  typeof groupEndpoints<S, z.ZodType, z.ZodType>
>;

/**
 * The contract's calls the shared screens make, typed by the kind's item. Putting products in
 * (`/item`, `/items`) takes a different body per kind, so those calls stay with the kind's own code.
 */
export type GroupEndpoints<S extends z.ZodType<GroupProduct>> = Pick<
  EndpointSet<S>,
  | 'list'
  | 'create'
  | 'get'
  | 'update'
  | 'remove'
  | 'listItems'
  | 'removeProduct'
  | 'listCustomers'
  | 'addCustomer'
  | 'removeCustomer'
>;

/**
 * Everything that differs between pricing tiers and visibility groups, as far as the shared screens
 * are concerned: the words, the routes and the endpoints. Prices live only in the tier's own code.
 */
export type GroupKind<S extends z.ZodType<GroupProduct>> = {
  /** The first segment of the route and of the query keys. */
  key: 'pricing' | 'visibility';
  /** SPEC §2's titles: the list's heading, and the detail's until the record has loaded. */
  title: string;
  detailTitle: string;
  /** Lower case, as in "Add pricing tier" and "No pricing tiers yet". */
  singular: string;
  plural: string;
  /** Under the list's heading. */
  description: string;
  /** The concept in one sentence, for the empty list. */
  explanation: string;
  /** What deleting one does, said in its confirmation. */
  deleteConsequence: string;
  /** What taking a product out does. */
  removeProductConsequence: (product: string, group: string) => string;
  /** What taking a customer out does. */
  removeCustomerConsequence: (customer: string, group: string) => string;
  /** Said beside "Add customers"; a tier's customer can be in one tier only. */
  customersNote: string;
  endpoints: GroupEndpoints<S>;
};

/** "pricing tier" → "Pricing tier", for the start of a sentence. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The kind's list screen. */
export function listPathOf(kind: Pick<GroupKind<never>, 'key'>): string {
  return kind.key === 'pricing' ? routePath('/pricing') : routePath('/visibility');
}

/** The kind's list, as a record screen's way back. */
export function listLinkOf(kind: Pick<GroupKind<never>, 'key' | 'title'>) {
  return { path: listPathOf(kind), label: kind.title };
}

/** The detail page of one record. */
export function groupPath(kind: Pick<GroupKind<never>, 'key'>, id: string): string {
  return kind.key === 'pricing'
    ? routePath('/pricing/:tierId', { tierId: id })
    : routePath('/visibility/:groupId', { groupId: id });
}
