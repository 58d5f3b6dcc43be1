import { type Product, ProductInput, ProductQuantity } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
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

/** What the contract takes once the form's values pass it. */
export type ProductBody = ProductInput;

/** Wire names that land on form fields with other names (cents as dollars, ids as picks). */
export const PRODUCT_FIELD_ALIASES = {
  base_price_cents: 'base_price',
  cost_cents: 'cost',
  brand_id: 'brand',
  supplier_id: 'supplier',
  category_id: 'category',
  unit_of_measure_id: 'unit_of_measure',
} as const;

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

const quantity = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** Dollars, quantities and picks as typed → the contract's input (what cannot be read, productErrors reports). */
export function productInputOf(values: ProductFormValues) {
  const basePrice = parseDollarsToCents(values.base_price);
  const cost = parseDollarsToCents(values.cost);
  return {
    name: values.name,
    sku: values.sku,
    description: values.description,
    brand_id: values.brand?.value ?? null,
    supplier_id: values.supplier?.value ?? null,
    category_id: values.category?.value ?? null,
    unit_of_measure_id: values.unit_of_measure?.value ?? null,
    // A price that did not parse is reported by productErrors; 0 keeps the schema from repeating it.
    base_price_cents: (basePrice.ok && basePrice.cents) || 0,
    cost_cents: cost.ok ? cost.cents : null,
    is_gst_applicable: values.is_gst_applicable,
    min_order_quantity: quantity(values.min_order_quantity),
    pack_size: quantity(values.pack_size),
    barcode: values.barcode,
    image: values.image,
  };
}

const { shape } = ProductInput;
const MAX_PRICE_CENTS = shape.base_price_cents.maxValue;

/** A product's price, worded as the CSV import words it. */
const PRICE_MESSAGE = 'Enter a price in dollars, like 12.50';

function priceError(text: string, options: { isRequired: boolean }): string | undefined {
  const price = parseDollarsToCents(text);
  if (!price.ok) return PRICE_MESSAGE;
  if (price.cents === null) return options.isRequired ? 'Enter the base price' : undefined;
  if (MAX_PRICE_CENTS !== null && price.cents > MAX_PRICE_CENTS) {
    return `Enter at most ${formatMoney(MAX_PRICE_CENTS)}`;
  }
  return undefined;
}

/** The first thing the schema says about a value, or nothing when it accepts it. */
const schemaError =
  (schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } }) =>
  (value: unknown) =>
    schema.safeParse(value).error?.issues[0]?.message;

/**
 * The contract's rules on prices and quantities, worded in the person's terms (dollars, not the
 * wire's cents); these win over the schema's own messages for the same field. A quantity is read
 * as typed, never rounded or clamped: "7.5" is "Enter a whole number", not 75 or 7.
 */
export function productErrors(values: ProductFormValues): Partial<Record<string, string>> {
  const quantityError = schemaError(ProductQuantity);
  return {
    base_price: priceError(values.base_price, { isRequired: true }),
    cost: priceError(values.cost, { isRequired: false }),
    min_order_quantity: quantityError(quantity(values.min_order_quantity)),
    pack_size: quantityError(quantity(values.pack_size)),
  };
}
