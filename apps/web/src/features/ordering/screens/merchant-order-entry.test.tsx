import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getCatalogueProduct,
  getHouseAccount,
  listCatalogue,
  listCustomers,
  searchProducts,
  setCartLine,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { fakeCartServer } from '../testing/fake-cart-server.ts';
import { beans, cafeAroma, customerFixture, milk, weekdayDelivery } from '../testing/ordering-fixtures.ts';
import { renderOrdering, stubOrderingApi } from '../testing/render-ordering.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const HOUSE_ORG = idOf(70);
const house = customerFixture({
  id: idOf(802),
  organisation_id: HOUSE_ORG,
  title: 'Harbour Wholesale (house)',
  is_house_account: true,
});

const hiddenOil = { ...milk, id: idOf(3), name: 'Truffle Oil 250ml', sku: 'OIL-250' };
const searchResult = (product: typeof milk) => ({
  id: product.id,
  name: product.name,
  sku: product.sku,
  brand_name: product.brand_name,
  base_price_cents: product.base_price_cents,
  is_active: true,
  image: null,
});

function openOrderEntry(path?: string) {
  const cart = fakeCartServer({
    products: [milk, beans],
    deliveryOptions: [weekdayDelivery],
    customerNames: { [cafeAroma.id]: 'Café Aroma', [HOUSE_ORG]: 'Harbour Wholesale (house)' },
    isMerchantEntry: true,
  });
  const api = stubOrderingApi({
    as: 'merchant',
    products: [milk, beans],
    cart,
    routes: {
      [route(listCustomers, { id: harbour.id })]: (request) => {
        const search = request.query.get('search')?.toLowerCase() ?? '';
        const items = [customerFixture(), house].filter((c) => c.title.toLowerCase().includes(search));
        return jsonResponse(200, { items, next_cursor: null });
      },
      [route(getHouseAccount, { id: harbour.id })]: () => jsonResponse(200, house),
      // The merchant's own product search: every product, archived or hidden ones too.
      [route(searchProducts, { id: harbour.id })]: () =>
        jsonResponse(200, { items: [milk, hiddenOil].map(searchResult) }),
      // As the chosen customer sees a product: the hidden one is not there.
      [route(getCatalogueProduct)]: (request) =>
        request.params.id === milk.id && request.params.oid === cafeAroma.id
          ? jsonResponse(200, milk)
          : jsonResponse(404, { error_code: 'NOT_FOUND', message: 'Product not found' }),
    },
  });
  const view = renderOrdering('merchant', path);
  return { api, cart, ...view };
}

describe('Merchant order entry', () => {
  it('picks a customer, then adds at that customer’s prices to the merchant’s cart for it', async () => {
    const { api, cart, router } = openOrderEntry();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Order' })).toBeInTheDocument();
    // No catalogue before a customer is chosen: prices depend on whom the order is for.
    expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your customers' }), 'ca');
    const results = within(await screen.findByRole('list', { name: 'Matching customers' }));
    // The house account is offered as walk-in, not among the search's results.
    expect(results.queryByText('Harbour Wholesale (house)')).toBeNull();
    await userEvent.click(results.getByRole('button', { name: 'Choose Café Aroma' }));

    expect(await screen.findByText('Ordering for Café Aroma')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?customer=${cafeAroma.id}`);
    const searches = api.requestsTo(route(listCustomers, { id: harbour.id }));
    expect(searches.at(-1)?.query.get('search')).toBe('ca');
    expect(searches.at(-1)?.query.get('status')).toBe('active');

    const milkCard = within(await screen.findByRole('listitem', { name: 'Full Cream Milk 2L' }));
    const catalogue = api.requestsTo(route(listCatalogue, { id: harbour.id }));
    expect(catalogue[0]?.query.get('customer_organisation_id')).toBe(cafeAroma.id);

    await userEvent.click(milkCard.getByRole('button', { name: 'Add to cart: Full Cream Milk 2L' }));
    await waitFor(() => expect(cart.linesOf(cafeAroma.id)).toEqual({ [milk.id]: 12 }));
    const [added] = api.requestsTo(route(setCartLine));
    expect(added?.query.get('merchant_id')).toBe(harbour.id);
    expect(added?.query.get('customer_organisation_id')).toBe(cafeAroma.id);
    const panel = within(screen.getByRole('complementary', { name: 'Cart' }));
    expect(await panel.findByRole('listitem', { name: 'Full Cream Milk 2L' })).toBeInTheDocument();
  });

  it('takes a walk-in sale on the house account, and the customer can be changed', async () => {
    const { api, router } = openOrderEntry();
    await userEvent.click(await screen.findByRole('button', { name: 'Walk-in (house account)' }));

    expect(await screen.findByText('Ordering for Harbour Wholesale (house)')).toBeInTheDocument();
    await screen.findByRole('listitem', { name: 'Espresso Beans 1kg' });
    expect(
      api.requestsTo(route(listCatalogue, { id: harbour.id }))[0]?.query.get('customer_organisation_id'),
    ).toBe(HOUSE_ORG);

    await userEvent.click(screen.getByRole('button', { name: 'Change customer' }));
    expect(await screen.findByRole('heading', { name: 'Who is this order for?' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('quick-adds by the product search, at the smallest quantity the customer may order', async () => {
    const { api, cart } = openOrderEntry(`/orders/create?customer=${cafeAroma.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add by search' }));
    const picker = within(
      await screen.findByRole('dialog', { name: 'Add products to “Café Aroma’s order”' }),
    );
    await userEvent.type(picker.getByRole('searchbox', { name: 'Search your products' }), 'oil');

    await userEvent.click(await picker.findByRole('button', { name: 'Add Truffle Oil 250ml' }));
    expect(await picker.findByRole('alert')).toHaveTextContent(
      'Not available to Café Aroma: archived, or hidden from them.',
    );
    await userEvent.click(picker.getByRole('button', { name: 'Add Full Cream Milk 2L' }));
    expect(await picker.findByText('Added')).toBeInTheDocument();
    // Minimum 8 in packs of 6.
    expect(cart.linesOf(cafeAroma.id)).toEqual({ [milk.id]: 12 });
    expect(api.requestsTo(route(setCartLine))).toHaveLength(1);
  });

  it('keeps the customer in the URL, so a reload returns to the same order', async () => {
    openOrderEntry(`/orders/create?customer=${cafeAroma.id}`);
    expect(await screen.findByText('Ordering for Café Aroma')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Who is this order for?' })).toBeNull();
  });
});
