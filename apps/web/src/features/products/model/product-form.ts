import { type Product, ProductInput } from '@tradeport/contract';
import { ApiError } from '#lib/api-error.ts';
import { formatMoney } from '#lib/format.ts';
import { type FieldErrors, type FormFailure, type Issue, matchFieldErrors } from '#lib/form-errors.ts';
import { centsToDollarsText, parseDollarsToCents } from '#lib/money-input.ts';
import { unitLabel } from './format-product.ts';

/** A picked brand, supplier, category or unit: its id, and the name the picker shows for it. */
export type Picked = { value: string; label: string } | null;

/** What the form holds: text as typed, prices in dollars; checked and converted on submit. */
export type ProductFormValues = {
  name: string;
  sku: string;
  description: string;
  brand: Picked;
  supplier: Picked;
  category: Picked;
  unit_of_measure: Picked;
  base_price: string;
  cost: string;
  is_gst_applicable: boolean;
  /** NumberInput gives '' while empty. */
  min_order_quantity: number | string;
  pack_size: number | string;
  barcode: string;
  image: string | null;
};

export type ProductField = keyof ProductFormValues;
export type ProductFieldErrors = FieldErrors<ProductField>;
/** What the contract takes once the form's values pass it. */
export type ProductBody = ProductInput;

export const PRODUCT_FIELDS: readonly ProductField[] = [
  'name',
  'sku',
  'description',
  'brand',
  'supplier',
  'category',
  'unit_of_measure',
  'base_price',
  'cost',
  'is_gst_applicable',
  'min_order_quantity',
  'pack_size',
  'barcode',
  'image',
];

// Wire names that land on form fields with other names.
const ALIASES: Partial<Record<string, ProductField>> = {
  base_price_cents: 'base_price',
  cost_cents: 'cost',
  brand_id: 'brand',
  supplier_id: 'supplier',
  category_id: 'category',
  unit_of_measure_id: 'unit_of_measure',
};

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  sku: '',
  description: '',
  brand: null,
  supplier: null,
  category: null,
  unit_of_measure: null,
  base_price: '',
  cost: '',
  is_gst_applicable: true,
  min_order_quantity: 1,
  pack_size: 1,
  barcode: '',
  image: null,
};

const picked = (item: { id: string; name: string } | null): Picked =>
  item && { value: item.id, label: item.name };

export function productFormValuesOf(product: Product): ProductFormValues {
  const unit = product.unit_of_measure;
  return {
    name: product.name,
    sku: product.sku,
    description: product.description ?? '',
    brand: picked(product.brand),
    supplier: picked(product.supplier),
    category: picked(product.category),
    unit_of_measure: unit && { value: unit.id, label: unitLabel(unit) },
    base_price: centsToDollarsText(product.base_price_cents),
    cost: centsToDollarsText(product.cost_cents),
    is_gst_applicable: product.is_gst_applicable,
    min_order_quantity: product.min_order_quantity,
    pack_size: product.pack_size,
    barcode: product.barcode ?? '',
    image: product.image,
  };
}

function messageFor(field: ProductField, issue: Issue): string {
  if (field === 'min_order_quantity' || field === 'pack_size') {
    return 'Enter a whole number from 1 to 100,000';
  }
  if ((field === 'base_price' || field === 'cost') && issue.code === 'too_big') {
    return `Enter at most ${formatMoney(Number(issue.maximum))}`;
  }
  return issue.message;
}

/** Client-side checks and the server's `details` ("body.sku") land on the same fields. */
export function productFieldErrors(issues: readonly Issue[]) {
  return matchFieldErrors(issues, { fields: PRODUCT_FIELDS, aliases: ALIASES, messageFor });
}

const quantity = (value: number | string) => (value === '' ? Number.NaN : Number(value));

export type ProductValidation = { ok: true; body: ProductBody } | { ok: false; errors: ProductFieldErrors };

/** Dollars and quantities as typed → the contract's input, or what is wrong with them. */
export function validateProduct(values: ProductFormValues): ProductValidation {
  const errors: ProductFieldErrors = {};
  const basePrice = parseDollarsToCents(values.base_price);
  if (!basePrice.ok) errors.base_price = basePrice.message;
  else if (basePrice.cents === null) errors.base_price = 'Enter the base price';
  const cost = parseDollarsToCents(values.cost);
  if (!cost.ok) errors.cost = cost.message;

  const input = {
    name: values.name,
    sku: values.sku,
    description: values.description,
    brand_id: values.brand?.value ?? null,
    supplier_id: values.supplier?.value ?? null,
    category_id: values.category?.value ?? null,
    unit_of_measure_id: values.unit_of_measure?.value ?? null,
    // A price that did not parse is already reported; 0 keeps the schema from repeating it.
    base_price_cents: (basePrice.ok && basePrice.cents) || 0,
    cost_cents: cost.ok ? cost.cents : null,
    is_gst_applicable: values.is_gst_applicable,
    min_order_quantity: quantity(values.min_order_quantity),
    pack_size: quantity(values.pack_size),
    barcode: values.barcode,
    image: values.image,
  };
  const parsed = ProductInput.safeParse(input);
  const all = { ...(parsed.success ? {} : productFieldErrors(parsed.error.issues).errors), ...errors };
  if (parsed.success && Object.keys(all).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors: all };
}

export type ProductSaveFailure = FormFailure<ProductField> & {
  /** The edit was made on an older version than the server's. */
  isStale: boolean;
};

/**
 * How a refused save shows on the form, or null for refusals the API client has toasted already.
 * A 409 that names a field (body.sku) is about that field; on an edit, one that names none means
 * the edit was made on an older version.
 */
export function productSaveFailure(error: unknown, options: { isEdit: boolean }): ProductSaveFailure | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code !== 'VALIDATION_ERROR' && error.code !== 'CONFLICT') return null;
  const mapped = productFieldErrors(error.details);
  const hasFieldError = Object.keys(mapped.errors).length > 0;
  if (options.isEdit && error.code === 'CONFLICT' && !hasFieldError) {
    return { fieldErrors: {}, formError: null, isStale: true };
  }
  const isUnplaced = mapped.unmatched.length > 0 || !hasFieldError;
  return { fieldErrors: mapped.errors, formError: isUnplaced ? error.message : null, isStale: false };
}
