import type {
  CartDeliveryOption,
  CatalogueFacets,
  CatalogueProduct,
  CurrentUser,
  Customer,
  OrganisationMembership,
} from '@tradeport/contract';
import { customerFixture as customerOfHarbour } from '#shared/product-groups/testing/group-fixtures.ts';
import { harbour, idOf, merchantUser } from '#testing/fixtures.ts';

export const cafeAroma: OrganisationMembership = {
  id: idOf(50),
  title: 'Café Aroma',
  active: true,
  invitation_accepted: true,
  user_level: 'User',
};

/** A person of Café Aroma, which orders from Harbour Wholesale's portal. */
export const customerUser: CurrentUser = {
  ...merchantUser,
  id: idOf(60),
  title: 'Sam Lee',
  is_merchant: false,
  customer: { payment_settings: { is_payments_enabled: false } },
  merchant: { title: harbour.title, image: null },
  organisations: [cafeAroma],
};

export const harbourAsMerchantOfCustomer = {
  id: harbour.id,
  title: harbour.title,
  image: null,
  slug: 'harbour-wholesale',
};

export const DAIRY = { id: idOf(301), name: 'Dairy' };
export const COFFEE = { id: idOf(302), name: 'Coffee' };

export function catalogueProduct(overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    id: idOf(1),
    name: 'Full Cream Milk 2L',
    sku: 'MILK-2L',
    description: 'Fresh full cream milk from the Hunter Valley',
    brand_name: 'Acme Dairy',
    category: DAIRY,
    unit_of_measure: { name: 'Bottle', abbreviation: 'btl' },
    image: null,
    price_cents: 350,
    base_price_cents: 400,
    is_tier_price: true,
    is_gst_applicable: false,
    gst_rate_basis_points: 0,
    min_order_quantity: 8,
    pack_size: 6,
    ...overrides,
  };
}

/** GST-taxable, sold one at a time at the base price. */
export const beans = catalogueProduct({
  id: idOf(2),
  name: 'Espresso Beans 1kg',
  sku: 'BEAN-1KG',
  description: null,
  brand_name: 'Bean Co',
  category: COFFEE,
  unit_of_measure: { name: 'Bag', abbreviation: 'bag' },
  image: 'https://cdn.example.com/beans.png',
  price_cents: 3_005,
  base_price_cents: 3_005,
  is_tier_price: false,
  is_gst_applicable: true,
  gst_rate_basis_points: 1_000,
  min_order_quantity: 1,
  pack_size: 1,
});

export const milk = catalogueProduct();

export const ACME_DAIRY = { id: idOf(401), name: 'Acme Dairy' };
export const BEAN_CO = { id: idOf(402), name: 'Bean Co' };
export const DRINKS = { id: idOf(303), name: 'Drinks' };

/** What Café Aroma can filter by: the categories and brands of the products above, and one more. */
export const catalogueFacets: CatalogueFacets = {
  categories: [
    { id: COFFEE.id, name: COFFEE.name, parent_id: DRINKS.id },
    { id: DAIRY.id, name: DAIRY.name, parent_id: null },
    { id: DRINKS.id, name: DRINKS.name, parent_id: null },
  ],
  brands: [ACME_DAIRY, BEAN_CO],
  is_truncated: false,
};

export const weekdayDelivery: CartDeliveryOption = {
  id: idOf(701),
  name: 'Weekday delivery',
  kind: 'DELIVERY',
  fee_cents: 1_500,
  minimum_order_cents: null,
  dates: ['2026-11-26', '2026-11-27'],
  problem: null,
};

export const bulkRun: CartDeliveryOption = {
  id: idOf(702),
  name: 'Bulk run',
  kind: 'DELIVERY',
  fee_cents: 0,
  minimum_order_cents: 50_000,
  dates: ['2026-11-30'],
  problem: 'Orders under $500.00 cannot use this method',
};

/** Café Aroma's account with Harbour Wholesale: its customer id, which its orders name too. */
export const CAFE_AROMA_ACCOUNT_ID = idOf(801);

export function customerFixture(overrides: Partial<Customer> = {}): Customer {
  return customerOfHarbour({
    id: CAFE_AROMA_ACCOUNT_ID,
    organisation_id: cafeAroma.id,
    title: 'Café Aroma',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}
