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
  /**
   * The GST rate (basis points) this customer is charged on the product, as a cart would charge
   * it (resolveGstRate): its tax rule's rate, else 10 % or 0 by is_gst_applicable; 0 for a
   * tax-exempt customer. Its price inc GST is price_cents + gstCents(price_cents, this rate).
   */
  gst_rate_basis_points: z.number().int(),
  min_order_quantity: z.number().int(),
  pack_size: z.number().int(),
});
export type CatalogueProduct = z.infer<typeof CatalogueProduct>;

export const CatalogueQuery = PageQuery.extend({
  /** The customer organisation whose view this is (its account with the merchant decides). */
  customer_organisation_id: RecordId('customer organisation'),
  search: TrigramSearchText,
  /** The category and, for a top-level category, its sub-categories. */
  category_id: RecordId('category').optional(),
  brand_id: RecordId('brand').optional(),
});

export const listCatalogue = defineEndpoint({
  method: 'GET',
  path: '/products/organisation/{id}/catalogue',
  summary: 'The merchant’s catalogue as one customer sees it: visible products at that customer’s prices',
  description:
    '`{id}` is the merchant. The caller is a member of the customer organisation (which has an active account with the merchant) or a member of the merchant viewing as that customer. Keyset-paged by (name, id). `category_id` and `brand_id` narrow it (both: products of that brand in that category); another merchant’s category or brand finds nothing.',
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

/** Categories and brands listed for filtering, each at most this many (the first by name). */
export const MAX_CATALOGUE_FACETS = 500;

export const CatalogueCategoryFacet = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Its top-level category, itself in the list; null for a top-level one. */
  parent_id: z.uuid().nullable(),
});
export type CatalogueCategoryFacet = z.infer<typeof CatalogueCategoryFacet>;

export const CatalogueFacets = z.object({
  /**
   * The categories holding a product this customer can see, and their top-level categories (a
   * top-level category filters its sub-categories' products too), by name.
   */
  categories: z.array(CatalogueCategoryFacet),
  /** The brands of a product this customer can see, by name. */
  brands: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** True when there were more than MAX_CATALOGUE_FACETS of either. */
  is_truncated: z.boolean(),
});
export type CatalogueFacets = z.infer<typeof CatalogueFacets>;

export const getCatalogueFacets = defineEndpoint({
  method: 'GET',
  path: '/products/organisation/{id}/catalogue/facets',
  summary: 'The categories and brands a customer can filter the merchant’s catalogue by',
  description:
    '`{id}` is the merchant; the caller as for the catalogue. Only categories and brands with at least one product the customer can see (the visibility rule): a category or brand whose products are all hidden from it, or archived, is not listed.',
  tags,
  auth: 'user',
  params: MerchantParams,
  query: z.object({ customer_organisation_id: RecordId('customer organisation') }),
  response: CatalogueFacets,
});
