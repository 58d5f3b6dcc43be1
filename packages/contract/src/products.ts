import { z } from 'zod';
import { MIN_SEARCH_CHARS, optionalText, TrigramSearchText } from './text.ts';
import { defineEndpoint } from './endpoint.ts';
import { PRODUCT_CSV_COLUMNS } from './product-csv.ts';
import { RecordId } from './ids.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';

// A merchant's products. Prices are integer cents, ex-GST. "Archived" products stay for history
// (orders name them) but customers never see them.

const tags = ['products'];

/** Largest price a product or tier may carry: $10,000,000.00. */
export const MAX_PRICE_CENTS = 1_000_000_000;
/** Most rows one bulk call or one CSV import may touch. */
export const MAX_BULK_PRODUCTS = 500;
export const MAX_IMPORT_ROWS = 20_000;
/** A CSV import's text, at most 8 MB (10,000 typical rows are about 1.5 MB). */
export const MAX_IMPORT_CSV_CHARS = 8_000_000;
/** Search answers at most this many results. */
export const MAX_SEARCH_RESULTS = 20;

const Id = RecordId;

export const PriceCents = z
  .number()
  .int('Whole cents only')
  .min(0, 'A price cannot be negative')
  .max(MAX_PRICE_CENTS, 'That price is too large');

export const ProductParams = z.object({ id: Id('product') });

/** Most of one product a quantity (minimum order, pack size) may be. */
export const MAX_PRODUCT_QUANTITY = 100_000;

/** A minimum order quantity or pack size: whole, 1 to 100,000, refused (never rounded) otherwise. */
export const ProductQuantity = z
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(1, 'Enter 1 or more')
  .max(MAX_PRODUCT_QUANTITY, 'Enter at most 100,000');

export const ProductStatus = z.enum(['active', 'archived', 'all']);
export type ProductStatus = z.infer<typeof ProductStatus>;

/** Filters shared by the list and the CSV export. */
export const ProductFilters = z.object({
  search: TrigramSearchText,
  brand_id: Id('brand').optional(),
  supplier_id: Id('supplier').optional(),
  category_id: Id('category').optional(),
  /** Active by default: archived products are kept out of the way until asked for. */
  status: ProductStatus.default('active'),
});
export type ProductFilters = z.input<typeof ProductFilters>;

/** The list's orders; each is a keyset on (that value, id), on an index, either way round. */
export const ProductSort = z.enum(['name', 'sku', 'price', 'updated']);
export type ProductSort = z.infer<typeof ProductSort>;
export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

export const ProductListQuery = PageQuery.extend(ProductFilters.shape).extend({
  sort: ProductSort.default('name'),
  direction: SortDirection.default('asc'),
  /** "true" to count every product the filters match (the list's "N products"); costs a count. */
  with_total: z.enum(['true', 'false']).default('false'),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;

/** Most products one "select all matching" bulk action may touch; a wider filter is refused. */
export const MAX_BULK_MATCHING_PRODUCTS = 5_000;

/** The 409 of "select all N matching" when the filter matches another number than the N confirmed. */
export const matchingChangedMessage = (total: number) =>
  `The products matching this filter changed: ${total.toLocaleString('en-AU')} now match. Review and try again.`;

const Named = z.object({ id: z.uuid(), name: z.string() });

export const Product = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  description: z.string().nullable(),
  brand: Named.nullable(),
  supplier: Named.nullable(),
  category: Named.nullable(),
  unit_of_measure: Named.extend({ abbreviation: z.string() }).nullable(),
  base_price_cents: z.number().int(),
  cost_cents: z.number().int().nullable(),
  is_gst_applicable: z.boolean(),
  is_active: z.boolean(),
  min_order_quantity: z.number().int(),
  pack_size: z.number().int(),
  barcode: z.string().nullable(),
  image: z.string().nullable(),
  version: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Product = z.infer<typeof Product>;

export const ProductInput = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(200, 'A name of 200 characters at most'),
  sku: z
    .string()
    .trim()
    .min(1, 'Enter a SKU')
    .max(64, 'A SKU of 64 characters at most')
    .regex(/^\S+$/, 'A SKU cannot contain spaces'),
  description: optionalText(5_000).default(null),
  brand_id: Id('brand').nullable().default(null),
  supplier_id: Id('supplier').nullable().default(null),
  category_id: Id('category').nullable().default(null),
  unit_of_measure_id: Id('unit of measure').nullable().default(null),
  base_price_cents: PriceCents,
  cost_cents: PriceCents.nullable().default(null),
  is_gst_applicable: z.boolean().default(true),
  min_order_quantity: ProductQuantity.default(1),
  pack_size: ProductQuantity.default(1),
  barcode: optionalText(64).default(null),
  /** A URL from the image upload flow (s3/presigned-upload-url). */
  image: z.string().max(2_000).nullable().default(null),
});
export type ProductInput = z.input<typeof ProductInput>;

export const ProductUpdateInput = ProductInput.extend({ version: z.number().int().min(1) });
export type ProductUpdateInput = z.input<typeof ProductUpdateInput>;

// ── the collection: products/organisation/{id} ──────────────────────────────────────────────

export const listProducts = defineEndpoint({
  method: 'GET',
  path: '/products/organisation/{id}',
  summary: 'A page of the merchant’s products, sorted, with search (2+ characters) and filters',
  description:
    'Keyset-paged by (sort value, id): name (default), SKU, price or updated, ascending or descending; a cursor belongs to its sort. Search matches every word in the name, SKU or brand. `status` defaults to active. Merchant members only; a customer gets 403.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: ProductListQuery,
  response: Page(Product).extend({
    /** How many products the filters match, when with_total=true; else null. */
    total: z.number().int().nullable(),
  }),
});

export const createProduct = defineEndpoint({
  method: 'POST',
  path: '/products/organisation/{id}',
  summary: 'Add a product; a SKU already used by this merchant (ignoring case) answers 409 CONFLICT',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: ProductInput,
  response: Product,
  status: 201,
});

export const ProductSearchResult = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  brand_name: z.string().nullable(),
  base_price_cents: z.number().int(),
  is_active: z.boolean(),
  image: z.string().nullable(),
});
export type ProductSearchResult = z.infer<typeof ProductSearchResult>;

export const searchProducts = defineEndpoint({
  method: 'GET',
  path: '/products/organisation/{id}/search',
  summary: 'The best matches for a term over name, SKU and brand (trigram), for pickers',
  description: `At least ${MIN_SEARCH_CHARS} characters; never more than ${MAX_SEARCH_RESULTS} results, best first. One word also finds near spellings; several words find the products holding every word (in the name, SKU or brand, in any order). Includes archived products unless status says otherwise.`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: z.object({
    q: z
      .string()
      .trim()
      .min(MIN_SEARCH_CHARS, `Search needs at least ${MIN_SEARCH_CHARS} characters`)
      .max(80),
    limit: z.coerce.number().int().min(1).max(MAX_SEARCH_RESULTS).default(10),
    status: ProductStatus.default('all'),
  }),
  response: z.object({ items: z.array(ProductSearchResult) }),
});

// ── bulk: many products in one transaction, CSV import and export ───────────────────────────

const ProductIds = z.array(Id('product')).min(1, 'Choose at least one product').max(MAX_BULK_PRODUCTS);

export const BulkProductsInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), products: z.array(ProductInput).min(1).max(MAX_BULK_PRODUCTS) }),
  z.object({
    action: z.literal('update'),
    products: z
      .array(ProductUpdateInput.extend({ id: Id('product') }))
      .min(1)
      .max(MAX_BULK_PRODUCTS),
  }),
  z.object({ action: z.literal('archive'), product_ids: ProductIds }),
  z.object({ action: z.literal('restore'), product_ids: ProductIds }),
  /** Refused, with nothing deleted, if any of them is used by an order, tier or group. */
  z.object({ action: z.literal('delete'), product_ids: ProductIds }),
  /**
   * "Select all N matching": archive, restore or delete every product the filters match, chosen
   * on the server (not ids from the page), at most MAX_BULK_MATCHING_PRODUCTS of them.
   * `expected_total` is the N the person confirmed: when the filters now match another number,
   * nothing changes and 409 CONFLICT says how many match now.
   */
  z.object({
    action: z.literal('matching'),
    apply: z.enum(['archive', 'restore', 'delete']),
    filters: ProductFilters,
    expected_total: z.number().int().min(0),
  }),
  /**
   * CSV with a header row. Rows are matched to existing products by SKU (update) or added (create).
   * Prices are dollars ("12.50"). Brand, supplier, category and unit are names; missing ones are
   * created. With `dry_run`, or with any bad row, nothing is written.
   */
  z.object({
    action: z.literal('import'),
    csv: z.string().min(1, 'The file is empty').max(MAX_IMPORT_CSV_CHARS, 'The file is larger than 8 MB'),
    dry_run: z.boolean().default(true),
  }),
]);
export type BulkProductsInput = z.input<typeof BulkProductsInput>;

export const ImportRowError = z.object({
  /** 1-based line in the file, counting the header as line 1. */
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const BulkProductsResult = z.object({
  action: z.enum(['create', 'update', 'archive', 'restore', 'delete', 'import']),
  /** False for a dry run, or when bad rows stopped an import. */
  is_written: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Import only: rows matching a product whose values are all the same already; left alone. */
  unchanged: z.number().int(),
  archived: z.number().int(),
  restored: z.number().int(),
  deleted: z.number().int(),
  /** Import only: each bad row, by line. Empty for a clean file. */
  errors: z.array(ImportRowError),
  /** Import only: vocabulary the import creates (or would create, on a dry run). */
  new_brands: z.array(z.string()),
  new_suppliers: z.array(z.string()),
  new_categories: z.array(z.string()),
  new_units_of_measure: z.array(z.string()),
});
export type BulkProductsResult = z.infer<typeof BulkProductsResult>;

export const bulkProducts = defineEndpoint({
  method: 'POST',
  path: '/products/organisation/{id}/bulk',
  summary: 'Create, update, archive, restore or delete many products, or import a CSV, in one transaction',
  description:
    'All or nothing: a stale version, a duplicate SKU, another merchant’s id or a used product (on delete) fails the whole call. An import with bad rows answers 200 with `errors` and `is_written: false`, so a dry run and a failed run read alike.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: BulkProductsInput,
  response: BulkProductsResult,
  bodyLimit: MAX_IMPORT_CSV_CHARS * 2,
});

export const exportProducts = defineEndpoint({
  method: 'GET',
  path: '/products/organisation/{id}/bulk',
  summary: 'The filtered product list as CSV (the same columns the import reads)',
  description: `Columns: ${PRODUCT_CSV_COLUMNS.join(', ')}. Prices are dollars.`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: ProductFilters,
  response: z.string(),
  produces: 'text/csv',
});

export const ProductDependencies = z.object({
  product_id: z.uuid(),
  order_count: z.number().int(),
  pricing_tier_count: z.number().int(),
  visibility_group_count: z.number().int(),
  /** Only an unused product can be deleted; a used one can be archived. */
  can_delete: z.boolean(),
});
export type ProductDependencies = z.infer<typeof ProductDependencies>;

export const getProductDependencies = defineEndpoint({
  method: 'GET',
  path: '/products/organisation/{id}/dependencies',
  summary:
    'What uses each product (orders, pricing tiers, visibility groups), so a screen can say why one cannot be deleted',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: z.object({
    /** Comma-separated product ids, at most 500. */
    product_ids: z
      .string()
      .max(MAX_BULK_PRODUCTS * 37)
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(ProductIds),
  }),
  response: z.object({ items: z.array(ProductDependencies) }),
});

// ── one product: products/{id} ───────────────────────────────────────────────────────────────

export const getProduct = defineEndpoint({
  method: 'GET',
  path: '/products/{id}',
  summary: 'One product, for a member of the merchant that owns it',
  description: 'Another merchant’s product answers 404.',
  tags,
  auth: 'user',
  params: ProductParams,
  response: Product,
});

export const updateProduct = defineEndpoint({
  method: 'PUT',
  path: '/products/{id}',
  summary: 'Change a product; a stale version answers 409 CONFLICT, a SKU already used answers 409',
  tags,
  auth: 'user',
  params: ProductParams,
  body: ProductUpdateInput,
  response: Product,
});

export const deleteProduct = defineEndpoint({
  method: 'DELETE',
  path: '/products/{id}',
  summary: 'Delete an unused product; one used by an order, tier or group answers 409 (archive it instead)',
  tags,
  auth: 'user',
  params: ProductParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const ProductAction = z.enum(['archive', 'restore']);
export type ProductAction = z.infer<typeof ProductAction>;

export const changeProductState = defineEndpoint({
  method: 'POST',
  path: '/products/{id}/{x}',
  summary: 'A lifecycle action on one product: `archive` hides it from customers, `restore` brings it back',
  description: 'Idempotent: archiving an archived product changes nothing.',
  tags,
  auth: 'user',
  params: ProductParams.extend({ x: ProductAction }),
  response: Product,
});
