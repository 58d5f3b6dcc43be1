import { z } from 'zod';
import { optionalText, SearchText } from './text.ts';
import { defineEndpoint } from './endpoint.ts';
import { RecordId, type RecordKind } from './ids.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';

// Pricing tiers and visibility groups share one shape: a named set of products and a set of
// customers, under products/<segment>/organisation/{id}/<member>/{gid}. This file declares that
// shape once; pricing.ts and visibility.ts fill in what differs.

/** Most products or customers one call may add. */
export const MAX_GROUP_BATCH = 1_000;

export const GroupInput = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(80),
  description: optionalText(500).default(null),
});
export type GroupInput = z.input<typeof GroupInput>;

export const GroupSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  product_count: z.number().int(),
  customer_count: z.number().int(),
  version: z.number().int(),
  created_at: z.iso.datetime(),
});
export type GroupSummary = z.infer<typeof GroupSummary>;

export const GroupCustomer = z.object({
  /** The customer account id, as in organisations/{id}/customers/{cid}. */
  customer_id: z.uuid(),
  organisation_id: z.uuid(),
  title: z.string(),
  is_archived: z.boolean(),
});
export type GroupCustomer = z.infer<typeof GroupCustomer>;

const SearchQuery = PageQuery.extend({
  search: SearchText,
});

export const CustomerIds = z
  .array(RecordId('customer'))
  .min(1, 'Choose at least one customer')
  .max(MAX_GROUP_BATCH);

const Changed = z.object({ changed: z.number().int() });

/**
 * Declares the endpoints one group kind shares. `itemSchema` is what a product in the group looks
 * like; `itemInput` is what `/item` takes to put one product in; `itemsInput` what `/items` takes.
 */
export function groupEndpoints<
  Item extends z.ZodType,
  ItemInput extends z.ZodType,
  ItemsInput extends z.ZodType,
>(kind: {
  segment: 'pricing' | 'visibility';
  member: 'tier' | 'group';
  label: RecordKind;
  tags: string[];
  item: Item;
  itemInput: ItemInput;
  itemsInput: ItemsInput;
  itemSummary: string;
  itemsSummary: string;
  customerSummary: string;
}) {
  const collection = `/products/${kind.segment}/organisation/{id}`;
  const record = `${collection}/${kind.member}/{gid}`;
  const GroupParams = OrganisationParams.extend({ gid: RecordId(kind.label) });
  const ProductParams = GroupParams.extend({ pid: RecordId('product') });
  const CustomerParams = GroupParams.extend({ cid: RecordId('customer') });
  const { tags } = kind;
  return {
    list: defineEndpoint({
      method: 'GET',
      path: collection,
      summary: `A page of the merchant’s ${kind.label}s by name, with counts`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      query: SearchQuery,
      response: Page(GroupSummary),
    }),
    create: defineEndpoint({
      method: 'POST',
      path: collection,
      summary: `Add a ${kind.label} (Admins); a name already used answers 409 CONFLICT`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      body: GroupInput,
      response: GroupSummary,
      status: 201,
    }),
    get: defineEndpoint({
      method: 'GET',
      path: record,
      summary: `One ${kind.label}, with counts`,
      tags,
      auth: 'user',
      params: GroupParams,
      response: GroupSummary,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: record,
      summary: `Rename a ${kind.label} (Admins); a stale version answers 409 CONFLICT`,
      tags,
      auth: 'user',
      params: GroupParams,
      body: GroupInput.extend({ version: z.number().int().min(1) }),
      response: GroupSummary,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: record,
      summary: `Delete a ${kind.label} (Admins), with its product and customer memberships`,
      tags,
      auth: 'user',
      params: GroupParams,
      response: z.object({ deleted: z.literal(true) }),
    }),
    listItems: defineEndpoint({
      method: 'GET',
      path: `${record}/items`,
      summary: `A page of the products in the ${kind.label}, by name, with search`,
      tags,
      auth: 'user',
      params: GroupParams,
      query: SearchQuery,
      response: Page(kind.item),
    }),
    setItems: defineEndpoint({
      method: 'PUT',
      path: `${record}/items`,
      summary: kind.itemsSummary,
      description: 'One transaction: another merchant’s product id answers 404 and nothing changes.',
      tags,
      auth: 'user',
      params: GroupParams,
      body: kind.itemsInput,
      response: Changed,
    }),
    setItem: defineEndpoint({
      method: 'PUT',
      path: `${record}/item`,
      summary: kind.itemSummary,
      tags,
      auth: 'user',
      params: GroupParams,
      body: kind.itemInput,
      response: kind.item,
    }),
    getProduct: defineEndpoint({
      method: 'GET',
      path: `${record}/product/{pid}`,
      summary: `One product’s entry in the ${kind.label}; 404 when the product is not in it`,
      tags,
      auth: 'user',
      params: ProductParams,
      response: kind.item,
    }),
    removeProduct: defineEndpoint({
      method: 'DELETE',
      path: `${record}/product/{pid}`,
      summary: `Take a product out of the ${kind.label} (Admins)`,
      tags,
      auth: 'user',
      params: ProductParams,
      response: z.object({ deleted: z.literal(true) }),
    }),
    listCustomers: defineEndpoint({
      method: 'GET',
      path: `${record}/customers`,
      summary: `A page of the customers in the ${kind.label}, by name, with search`,
      tags,
      auth: 'user',
      params: GroupParams,
      query: SearchQuery,
      response: Page(GroupCustomer),
    }),
    addCustomers: defineEndpoint({
      method: 'PUT',
      path: `${record}/customers`,
      summary: kind.customerSummary,
      description: 'One transaction: another merchant’s customer id answers 404 and nothing changes.',
      tags,
      auth: 'user',
      params: GroupParams,
      body: z.object({ customer_ids: CustomerIds }),
      response: Changed,
    }),
    addCustomer: defineEndpoint({
      method: 'PUT',
      path: `${record}/customer/{cid}`,
      summary: `Put one customer in the ${kind.label} (Admins)`,
      tags,
      auth: 'user',
      params: CustomerParams,
      response: GroupCustomer,
    }),
    removeCustomer: defineEndpoint({
      method: 'DELETE',
      path: `${record}/customer/{cid}`,
      summary: `Take one customer out of the ${kind.label} (Admins); 404 when it is not in it`,
      tags,
      auth: 'user',
      params: CustomerParams,
      response: z.object({ deleted: z.literal(true) }),
    }),
  };
}
