import {
  customerFixture,
  groupFixture,
  memberOf,
  productFixture,
} from '#shared/product-groups/testing/group-fixtures.ts';
import { idOf } from '#testing/fixtures.ts';

export const wholesale = groupFixture({
  id: idOf(1),
  name: 'Wholesale',
  description: 'Cafés on weekly standing orders',
  version: 4,
});

export const flatWhite = productFixture({
  id: idOf(11),
  name: 'Flat white milk 2L',
  sku: 'MILK-FW-2L',
  base_price_cents: 450,
});
export const beans = productFixture({
  id: idOf(12),
  name: 'House blend beans 1kg',
  sku: 'BEAN-HB-1',
  base_price_cents: 3200,
});
export const cups = productFixture({
  id: idOf(13),
  name: 'Takeaway cups 8oz',
  sku: 'CUP-8',
  base_price_cents: 1500,
});
export const oatMilk = productFixture({
  id: idOf(14),
  name: 'Oat milk 1L',
  sku: 'MILK-OAT-1',
  base_price_cents: 390,
});

const itemOf = (product: typeof flatWhite, price_cents: number) => ({
  product_id: product.id,
  name: product.name,
  sku: product.sku,
  is_active: product.is_active,
  base_price_cents: product.base_price_cents,
  price_cents,
});

export const tierItems = [itemOf(flatWhite, 420), itemOf(beans, 2900), itemOf(cups, 1450)];

export const beanThere = customerFixture({ id: idOf(21), title: 'Bean There Café' });
export const harbourKiosk = customerFixture({ id: idOf(22), title: 'Harbour Kiosk', archived: true });

/** Wholesale with its three products and one customer, the catalogue and the customer list behind it. */
export const wholesaleApi = {
  groups: [wholesale],
  items: { [wholesale.id]: tierItems },
  members: { [wholesale.id]: [memberOf(beanThere)] },
  catalogue: [flatWhite, beans, cups, oatMilk],
  customers: [beanThere, harbourKiosk],
};
