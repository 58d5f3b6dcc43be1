import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listCatalogue, setCartLine } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestsOf, route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { fakeCartServer } from '../testing/fake-cart-server.ts';
import { beans, cafeAroma, COFFEE, milk, weekdayDelivery } from '../testing/ordering-fixtures.ts';
import { renderOrdering, stubOrderingApi, stubPhoneWidth } from '../testing/render-ordering.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const CATALOGUE = route(listCatalogue, { id: harbour.id });

function openPortal(options: { pageSize?: number } = {}) {
  const cart = fakeCartServer({ products: [milk, beans], deliveryOptions: [weekdayDelivery] });
  const api = stubOrderingApi({ as: 'customer', products: [milk, beans], cart, pageSize: options.pageSize });
  const view = renderOrdering('customer');
  return { api, cart, ...view };
}

const card = async (name: string) =>
  within(await screen.findByRole('listitem', { name }, { timeout: 5_000 }));

describe('Customer ordering portal', () => {
  it('shows the merchant’s catalogue at the customer’s prices, ex and inc GST', async () => {
    const { api } = openPortal();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Order' })).toBeInTheDocument();
    expect(screen.getByText('Order from Harbour Wholesale at your prices.')).toBeInTheDocument();

    const milkCard = await card('Full Cream Milk 2L');
    expect(milkCard.getByText('$3.50')).toBeInTheDocument();
    expect(milkCard.getByText('GST-free')).toBeInTheDocument();
    expect(milkCard.getByText('Your price')).toBeInTheDocument();
    expect(milkCard.getByText('Min 8 · packs of 6')).toBeInTheDocument();
    expect(milkCard.getByText('Acme Dairy · Bottle')).toBeInTheDocument();

    const beansCard = await card('Espresso Beans 1kg');
    expect(beansCard.getByText('$30.05')).toBeInTheDocument();
    // 10 % of $30.05 is $3.005, half-up to $3.01.
    expect(beansCard.getByText('$33.06 inc GST')).toBeInTheDocument();
    expect(beansCard.queryByText('Your price')).toBeNull();

    const [first] = api.requestsTo(CATALOGUE);
    expect(first?.query.get('customer_organisation_id')).toBe(cafeAroma.id);
  });

  it('adds a product with the stepper, in whole packs from its minimum', async () => {
    const { api, cart } = openPortal();
    const milkCard = await card('Full Cream Milk 2L');
    const quantity = milkCard.getByRole('textbox', { name: 'Quantity of Full Cream Milk 2L' });
    // Minimum 8 in packs of 6: the first orderable quantity is 12.
    expect(quantity).toHaveValue('12');
    expect(milkCard.getByRole('button', { name: 'Fewer Full Cream Milk 2L' })).toBeDisabled();

    await userEvent.click(milkCard.getByRole('button', { name: 'More Full Cream Milk 2L' }));
    expect(quantity).toHaveValue('18');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20{Enter}');
    expect(quantity).toHaveValue('24');

    await userEvent.click(milkCard.getByRole('button', { name: 'Add to cart: Full Cream Milk 2L' }));
    expect(await screen.findByText('Full Cream Milk 2L added to cart')).toBeInTheDocument();
    const [added] = requestsOf(api.requests)(route(setCartLine));
    expect(added?.body).toEqual({ quantity: 24 });
    expect(added?.query.get('merchant_id')).toBe(harbour.id);
    expect(added?.query.get('customer_organisation_id')).toBe(cafeAroma.id);
    expect(cart.linesOf(cafeAroma.id)).toEqual({ [milk.id]: 24 });

    const lines = within(await screen.findByRole('list', { name: 'Cart lines' }));
    expect(lines.getByRole('textbox', { name: 'Quantity of Full Cream Milk 2L' })).toHaveValue('24');
    expect(milkCard.getByText('24 in cart')).toBeInTheDocument();

    // Adding again adds to what is there.
    await userEvent.click(milkCard.getByRole('button', { name: 'Add to cart: Full Cream Milk 2L' }));
    await waitFor(() => expect(cart.linesOf(cafeAroma.id)).toEqual({ [milk.id]: 48 }));
  });

  it('searches from 2 characters, keeps the term in the URL, and filters by category', async () => {
    const { api, router } = openPortal();
    await card('Espresso Beans 1kg');
    const search = screen.getByRole('searchbox', { name: 'Search products' });

    await userEvent.type(search, 'e');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    await userEvent.type(search, 'sp');
    await waitFor(() => expect(router.state.location.search).toBe('?q=esp'));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Full Cream Milk 2L' })).toBeNull());
    expect(api.requestsTo(CATALOGUE).map((request) => request.query.get('search'))).not.toContain('e');
    expect(api.requestsTo(CATALOGUE).at(-1)?.query.get('search')).toBe('esp');

    await userEvent.clear(search);
    await card('Full Cream Milk 2L');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Coffee');
    await waitFor(() => expect(api.requestsTo(CATALOGUE).at(-1)?.query.get('category_id')).toBe(COFFEE.id));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Full Cream Milk 2L' })).toBeNull());
    expect(router.state.location.search).toBe(`?category=${COFFEE.id}`);
  });

  it('loads the next page with Load more', async () => {
    openPortal({ pageSize: 1 });
    await card('Full Cream Milk 2L');
    expect(screen.queryByRole('listitem', { name: 'Espresso Beans 1kg' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await card('Espresso Beans 1kg')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens a product’s detail with its description and adds from there', async () => {
    const { cart } = openPortal();
    await userEvent.click(
      (await card('Full Cream Milk 2L')).getByRole('button', { name: 'Full Cream Milk 2L' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Full Cream Milk 2L' }));
    expect(dialog.getByText('Fresh full cream milk from the Hunter Valley')).toBeInTheDocument();
    expect(dialog.getByText('MILK-2L')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Add to cart: Full Cream Milk 2L' }));
    await waitFor(() => expect(cart.linesOf(cafeAroma.id)).toEqual({ [milk.id]: 12 }));
  });

  it('on a phone, keeps a cart button with the count at the bottom, opening the cart', async () => {
    stubPhoneWidth();
    const { cart } = openPortal();
    cart.putLine(cafeAroma.id, beans.id, 2);
    const button = await screen.findByRole('button', { name: /^View cart\s*1 line\s*\$66\.11$/ });
    expect(screen.queryByRole('complementary', { name: 'Cart' })).toBeNull();

    await userEvent.click(button);
    const drawer = within(await screen.findByRole('dialog', { name: 'Cart' }));
    expect(drawer.getByRole('listitem', { name: 'Espresso Beans 1kg' })).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
  });
});
