import { z } from 'zod';
import { TrigramSearchText } from './text.ts';
import { defineEndpoint } from './endpoint.ts';
import { RecordId } from './ids.ts';
import { MerchantParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';

// The catalogue as one customer sees it: visible products only (visibility rule, applied in the
// query) at the price that customer pays (price rule, resolveUnitPrice).

const tags = ['catalogue'];

export const CatalogueProduct = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  description: z.string().nullable(),
  brand_name: z.string().nullable(),
  category: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  unit_of_measure: z.object({ name: z.string(), abbreviation: z.string() }).nullable(),
  image: z.string().nullable(),
  /** What this customer pays, ex-GST: its tier's price, else the base price. */
  price_cents: z.number().int(),
  base_price_cents: z.number().int(),
  /** True when the customer's tier sets this product's price. */
  is_tier_price: z.boolean(),
  is_gst_applicable: z.boolean(),
  min_order_quantity: z.number().int(),
  pack_size: z.number().int(),
});
export type CatalogueProduct = z.infer<typeof CatalogueProduct>;

export const CatalogueQuery = PageQuery.extend({
  /** The customer organisation whose view this is (its account with the merchant decides). */
  customer_organisation_id: RecordId('customer organisation'),
  search: TrigramSearchText,
  category_id: RecordId('category').optional(),
});

export const listCatalogue = defineEndpoint({
  method: 'GET',
  path: '/products/organisation/{id}/catalogue',
  summary: 'The merchant’s catalogue as one customer sees it: visible products at that customer’s prices',
  description:
    '`{id}` is the merchant. The caller is a member of the customer organisation (which has an active account with the merchant) or a member of the merchant viewing as that customer. Keyset-paged by (name, id).',
  tags,
  auth: 'user',
  params: MerchantParams,
  query: CatalogueQuery,
  response: Page(CatalogueProduct),
});

export const getCatalogueProduct = defineEndpoint({
  method: 'GET',
  path: '/products/{id}/organisation/{oid}',
  summary: 'One product as customer organisation `{oid}` sees it, at its price',
  description:
    'A product the customer cannot see (archived, or only in groups it is not in) answers 404, exactly as one that does not exist — this is the check a cart uses before adding a product by id.',
  tags,
  auth: 'user',
  params: z.object({
    id: RecordId('product'),
    oid: RecordId('customer organisation'),
  }),
  response: CatalogueProduct,
});
