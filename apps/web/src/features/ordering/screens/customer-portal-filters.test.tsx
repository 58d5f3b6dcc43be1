import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCatalogueFacets, listCatalogue } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import { fakeCartServer } from '../testing/fake-cart-server.ts';
import {
  BEAN_CO,
  beans,
  cafeAroma,
  catalogueProduct,
  DRINKS,
  milk,
  weekdayDelivery,
} from '../testing/ordering-fixtures.ts';
import { renderOrdering, stubOrderingApi, stubPhoneWidth } from '../testing/render-ordering.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const CATALOGUE = route(listCatalogue, { id: harbour.id });
const FACETS = route(getCatalogueFacets, { id: harbour.id });

/** Reduced-rate tea (a 5 % tax rule) and a taxable cake this customer pays no GST on. */
const tea = catalogueProduct({
  id: idOf(3),
  name: 'Green Tea 100',
  brand_name: null,
  category: null,
  price_cents: 1_005,
  is_tier_price: false,
  is_gst_applicable: true,
  gst_rate_basis_points: 500,
  min_order_quantity: 1,
  pack_size: 1,
});
const cake = catalogueProduct({
  id: idOf(4),
  name: 'Carrot Cake',
  brand_name: null,
  category: null,
  is_gst_applicable: true,
  gst_rate_basis_points: 0,
});

function openPortal(options: { path?: string; products?: (typeof milk)[] } = {}) {
  const products = options.products ?? [milk, beans];
  const cart = fakeCartServer({ products, deliveryOptions: [weekdayDelivery] });
  const api = stubOrderingApi({ as: 'customer', products, cart });
  const view = renderOrdering('customer', options.path);
  return { api, ...view };
}

const card = (name: string) => screen.findByRole('listitem', { name }, { timeout: 5_000 });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('Customer ordering portal filters', () => {
  it('offers the categories and brands the customer can see, from the server, for this customer', async () => {
    const { api } = openPortal();
    await card('Espresso Beans 1kg');
    const category = screen.getByRole('combobox', { name: 'Category' });
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    await waitFor(() => expect(optionsOf(brand)).toEqual(['All brands', 'Acme Dairy', 'Bean Co']));
    // A top-level category with sub-categories is a group, itself choosable as "All …".
    expect(optionsOf(category)).toEqual(['All categories', 'Dairy', 'All Drinks', 'Coffee']);
    expect(within(category).getByRole('group', { name: 'Drinks' })).toBeInTheDocument();
    expect(api.requestsTo(FACETS)[0]?.query.get('customer_organisation_id')).toBe(cafeAroma.id);
  });

  it('filters by brand and by a top-level category, both kept in the URL with the search', async () => {
    const { api, router } = openPortal();
    await card('Full Cream Milk 2L');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'Bean Co');
    await waitFor(() => expect(api.requestsTo(CATALOGUE).at(-1)?.query.get('brand_id')).toBe(BEAN_CO.id));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Full Cream Milk 2L' })).toBeNull());
    expect(await card('Espresso Beans 1kg')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?brand=${BEAN_CO.id}`);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'All Drinks');
    await waitFor(() => {
      const last = api.requestsTo(CATALOGUE).at(-1)?.query;
      expect([last?.get('category_id'), last?.get('brand_id')]).toEqual([DRINKS.id, BEAN_CO.id]);
    });
    expect(new URLSearchParams(router.state.location.search).get('category')).toBe(DRINKS.id);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'esp');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        brand: BEAN_CO.id,
        category: DRINKS.id,
        q: 'esp',
      }),
    );

    // Back to all brands: the brand leaves the URL and the request.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'All brands');
    await waitFor(() => expect(api.requestsTo(CATALOGUE).at(-1)?.query.has('brand_id')).toBe(false));
    expect(new URLSearchParams(router.state.location.search).has('brand')).toBe(false);
  });

  it('opens filtered by the brand in its link, and says when nothing matches', async () => {
    const { api } = openPortal({ path: `/orders/create?brand=${BEAN_CO.id}`, products: [milk] });
    expect(await screen.findByText('No products match these filters')).toBeInTheDocument();
    expect(api.requestsTo(CATALOGUE)[0]?.query.get('brand_id')).toBe(BEAN_CO.id);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue(BEAN_CO.id));
    expect(screen.getByRole('option', { name: 'Bean Co', selected: true })).toBeInTheDocument();
  });

  it('keeps a chosen brand it does not list shown as chosen, and works without facets', async () => {
    const cart = fakeCartServer({ products: [milk], deliveryOptions: [weekdayDelivery] });
    stubOrderingApi({
      as: 'customer',
      products: [milk],
      cart,
      routes: { [FACETS]: answer(500, { error_code: 'INTERNAL', message: 'Down' }) },
    });
    renderOrdering('customer', `/orders/create?brand=${idOf(499)}`);
    const brand = await screen.findByRole('combobox', { name: 'Brand' }, { timeout: 5_000 });
    expect(brand).toHaveValue(idOf(499));
    expect(optionsOf(brand)).toEqual(['All brands', 'Chosen brand']);
    await userEvent.selectOptions(brand, 'All brands');
    expect(await card('Full Cream Milk 2L')).toBeInTheDocument();
  });

  it('shows inc GST at each product’s own rate for the customer', async () => {
    openPortal({ products: [beans, tea, cake, milk] });
    // 10 %: $30.05 + $3.005 → $33.06. A 5 % rule: $10.05 + $0.5025 → $10.55.
    expect(within(await card('Espresso Beans 1kg')).getByText('$33.06 inc GST')).toBeInTheDocument();
    expect(within(await card('Green Tea 100')).getByText('$10.55 inc GST')).toBeInTheDocument();
    expect(within(await card('Carrot Cake')).getByText('No GST')).toBeInTheDocument();
    expect(within(await card('Full Cream Milk 2L')).getByText('GST-free')).toBeInTheDocument();

    await userEvent.click(within(await card('Green Tea 100')).getByRole('button', { name: 'Green Tea 100' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Green Tea 100' }));
    expect(dialog.getByText('$10.55 inc GST')).toBeInTheDocument();
  });

  it('on a phone, filters by brand from the same selects', async () => {
    stubPhoneWidth();
    const { api } = openPortal();
    await card('Full Cream Milk 2L');
    await waitFor(() =>
      expect(optionsOf(screen.getByRole('combobox', { name: 'Brand' }))).toContain('Bean Co'),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'Bean Co');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Full Cream Milk 2L' })).toBeNull());
    expect(api.requestsTo(CATALOGUE).at(-1)?.query.get('brand_id')).toBe(BEAN_CO.id);
  });
});
