import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCart, IDEMPOTENCY_KEY_HEADER, placeOrder, removeCartLine, updateCart } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeHandler, route } from '#testing/fake-api.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { fakeCartServer, orderFixture } from '../testing/fake-cart-server.ts';
import { beans, bulkRun, cafeAroma, milk, weekdayDelivery } from '../testing/ordering-fixtures.ts';
import { renderOrdering, stubOrderingApi } from '../testing/render-ordering.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The portal with a cart already holding `lines` (product → quantity), delivery chosen or not. */
async function openCart(options: {
  lines: [string, number][];
  isDeliveryChosen?: boolean;
  handlers?: Record<string, FakeHandler>;
  /** Wraps the fake server's Place order (to fail an attempt before it gets there). */
  wrapPlace?: (place: FakeHandler) => FakeHandler;
}) {
  const cart = fakeCartServer({ products: [milk, beans], deliveryOptions: [weekdayDelivery, bulkRun] });
  for (const [productId, quantity] of options.lines) cart.putLine(cafeAroma.id, productId, quantity);
  if (options.isDeliveryChosen) cart.chooseDelivery(cafeAroma.id, weekdayDelivery.id, '2026-11-26');
  Object.assign(cart.handlers, options.handlers);
  const place = cart.handlers[route(placeOrder)]!;
  if (options.wrapPlace) cart.handlers[route(placeOrder)] = options.wrapPlace(place);
  const api = stubOrderingApi({ as: 'customer', products: [milk, beans], cart });
  const view = renderOrdering('customer');
  const panel = within(await screen.findByRole('complementary', { name: 'Cart' }));
  await panel.findByRole('list', { name: 'Cart lines' });
  return { api, cart, panel, ...view };
}

const placeRequests = (api: { requestsTo: (key: string) => { headers: Headers; body: unknown }[] }) =>
  api.requestsTo(route(placeOrder));

describe('Cart', () => {
  it('shows the totals the server computed and every reason the cart cannot be placed', async () => {
    const { panel } = await openCart({
      lines: [
        [milk.id, 7],
        [beans.id, 2],
      ],
    });
    const milkLine = within(panel.getByRole('listitem', { name: 'Full Cream Milk 2L' }));
    expect(milkLine.getByText('Below the minimum order quantity (8)')).toBeInTheDocument();
    // Milk 7 × $3.50 GST-free; beans 2 × $30.05 with $6.01 GST; no delivery yet.
    expect(panel.getByRole('group', { name: 'Subtotal (ex GST)' })).toHaveTextContent('$84.60');
    expect(panel.getByRole('group', { name: 'GST' })).toHaveTextContent('$6.01');
    expect(panel.getByRole('group', { name: 'Total (inc GST)' })).toHaveTextContent('$90.61');

    const problems = within(panel.getByRole('alert', { name: /Before you can place this order/ }));
    expect(problems.getByText('Choose a delivery method')).toBeInTheDocument();
    expect(problems.getByText('Full Cream Milk 2L cannot be ordered at this quantity')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('brings a line short of its minimum up to it, never further down', async () => {
    const { cart, panel } = await openCart({ lines: [[milk.id, 7]] });
    const milkLine = within(panel.getByRole('listitem', { name: 'Full Cream Milk 2L' }));
    expect(milkLine.getByRole('button', { name: 'Fewer Full Cream Milk 2L' })).toBeDisabled();
    await userEvent.click(milkLine.getByRole('button', { name: 'More Full Cream Milk 2L' }));
    await waitFor(() => expect(cart.linesOf(cafeAroma.id)).toEqual({ [milk.id]: 12 }));
    expect(await milkLine.findByRole('textbox', { name: 'Quantity of Full Cream Milk 2L' })).toHaveValue(
      '12',
    );
    expect(milkLine.queryByText('Below the minimum order quantity (8)')).toBeNull();
  });

  it('chooses a delivery method and date with the cart’s version; one it cannot use says why', async () => {
    const { api, panel } = await openCart({ lines: [[beans.id, 2]] });
    const bulk = panel.getByRole('radio', { name: /Bulk run/ });
    expect(bulk).toBeDisabled();
    expect(panel.getByText('Orders under $500.00 cannot use this method')).toBeInTheDocument();

    await userEvent.click(panel.getByRole('radio', { name: /Weekday delivery/ }));
    const date = await panel.findByRole('combobox', { name: 'Delivery date' });
    expect(date).toHaveValue('2026-11-26');
    expect(within(date).getByRole('option', { name: 'Fri 27/11/2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(panel.getByRole('group', { name: 'Delivery (ex GST)' })).toHaveTextContent('$15.00'),
    );

    await userEvent.selectOptions(date, 'Fri 27/11/2026');
    await waitFor(() => expect(api.requestsTo(route(updateCart))).toHaveLength(2));
    expect(api.requestsTo(route(updateCart)).map((request) => request.body)).toEqual([
      expect.objectContaining({
        version: 2,
        shipping_method_id: weekdayDelivery.id,
        requested_delivery_date: '2026-11-26',
      }),
      expect.objectContaining({
        version: 3,
        shipping_method_id: weekdayDelivery.id,
        requested_delivery_date: '2026-11-27',
      }),
    ]);
  });

  it('asks for a new date when the one saved has passed', async () => {
    const cart = fakeCartServer({ products: [beans], deliveryOptions: [weekdayDelivery] });
    cart.putLine(cafeAroma.id, beans.id, 2);
    cart.chooseDelivery(cafeAroma.id, weekdayDelivery.id, '2026-11-20');
    stubOrderingApi({ as: 'customer', products: [beans], cart });
    renderOrdering('customer');
    const panel = within(await screen.findByRole('complementary', { name: 'Cart' }));
    const date = await panel.findByRole('combobox', { name: 'Delivery date' });
    expect(date).toHaveValue('');
    expect(within(date).getByRole('option', { name: 'Choose a date' })).toBeInTheDocument();
    await userEvent.selectOptions(date, 'Thu 26/11/2026');
    await waitFor(() => expect(cart.cartOf(cafeAroma.id).requested_delivery_date).toBe('2026-11-26'));
  });

  it('saves the PO number and notes when their field is left', async () => {
    const { api, cart, panel } = await openCart({ lines: [[beans.id, 2]] });
    await userEvent.type(panel.getByRole('textbox', { name: 'Purchase order number' }), 'PO-77');
    await userEvent.click(panel.getByRole('textbox', { name: 'Notes for the merchant' }));
    await waitFor(() => expect(cart.cartOf(cafeAroma.id).purchase_order_number).toBe('PO-77'));
    expect(api.requestsTo(route(updateCart))[0]?.body).toEqual(
      expect.objectContaining({ version: 2, purchase_order_number: 'PO-77', notes: null }),
    );
  });

  it('says the cart changed when a save was stale, and shows the cart as it is now', async () => {
    const { api, cart, panel } = await openCart({ lines: [[beans.id, 2]] });
    // Someone else of the café adds milk meanwhile: this screen's version is now stale.
    cart.putLine(cafeAroma.id, milk.id, 12);
    await userEvent.click(panel.getByRole('radio', { name: /Weekday delivery/ }));

    expect(await panel.findByRole('alert', { name: /The cart changed meanwhile/ })).toBeInTheDocument();
    expect(await panel.findByRole('listitem', { name: 'Full Cream Milk 2L' })).toBeInTheDocument();
    expect(api.requestsTo(route(getCart)).length).toBeGreaterThan(1);
  });

  it('removes a line', async () => {
    const { api, cart, panel } = await openCart({
      lines: [
        [beans.id, 2],
        [milk.id, 12],
      ],
    });
    await userEvent.click(panel.getByRole('button', { name: 'Remove Full Cream Milk 2L' }));
    await waitFor(() => expect(panel.queryByRole('listitem', { name: 'Full Cream Milk 2L' })).toBeNull());
    expect(api.requestsTo(route(removeCartLine))).toHaveLength(1);
    expect(cart.linesOf(cafeAroma.id)).toEqual({ [beans.id]: 2 });
  });

  it('empties the cart only once asked', async () => {
    const { cart, panel } = await openCart({
      lines: [
        [beans.id, 2],
        [milk.id, 12],
      ],
    });
    await userEvent.click(panel.getByRole('button', { name: 'Empty cart' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Empty the cart?' }));
    expect(dialog.getByText('All 2 lines come out of the cart.')).toBeInTheDocument();
    expect(cart.linesOf(cafeAroma.id)).toEqual({ [beans.id]: 2, [milk.id]: 12 });

    await userEvent.click(dialog.getByRole('button', { name: 'Empty cart' }));
    expect(await panel.findByText('Your cart is empty')).toBeInTheDocument();
    expect(cart.linesOf(cafeAroma.id)).toEqual({});
  });

  it('places the order with an Idempotency-Key and the total seen, then opens the order', async () => {
    const { api, panel, router } = await openCart({ lines: [[beans.id, 2]], isDeliveryChosen: true });
    const total = panel.getByRole('group', { name: 'Total (inc GST)' });
    // $60.10 + $15.00 delivery + GST $6.01 + $1.50.
    expect(total).toHaveTextContent('$82.61');
    await userEvent.click(panel.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Order page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/orders/${orderFixture().id}`);
    expect(await screen.findByText('Order #123 placed')).toBeInTheDocument();
    const [placed] = placeRequests(api);
    expect(placed?.body).toEqual({ expected_total_cents: 8_261 });
    expect(placed?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries a failed attempt with the same key', async () => {
    let calls = 0;
    const { api, panel } = await openCart({
      lines: [[beans.id, 2]],
      isDeliveryChosen: true,
      // The first attempt never reaches the cart (the server was busy); the retry does.
      wrapPlace: (place) => (request) =>
        ++calls === 1
          ? jsonResponse(503, { error_code: 'SERVICE_UNAVAILABLE', message: 'Try again' })
          : place(request),
    });

    await userEvent.click(panel.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placeRequests(api)).toHaveLength(1));
    await userEvent.click(await panel.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order page' })).toBeInTheDocument();

    const keys = placeRequests(api).map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('when prices changed, reloads the cart, says so, and the next attempt is a new one', async () => {
    const { api, cart, panel } = await openCart({ lines: [[beans.id, 2]], isDeliveryChosen: true });
    const total = panel.getByRole('group', { name: 'Total (inc GST)' });
    expect(total).toHaveTextContent('$82.61');
    // The merchant raises the beans by a dollar while the café looks at its cart.
    cart.setPrice(beans.id, 3_105);
    await userEvent.click(panel.getByRole('button', { name: 'Place order' }));

    expect(await panel.findByRole('alert', { name: /Your cart changed/ })).toHaveTextContent(
      'check the total and place the order again',
    );
    // 2 × $31.05 + $15.00, GST $6.21 + $1.50.
    await waitFor(() => expect(total).toHaveTextContent('$84.81'));
    expect(screen.queryByRole('heading', { name: 'Order page' })).toBeNull();

    await userEvent.click(panel.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order page' })).toBeInTheDocument();
    const attempts = placeRequests(api);
    expect(attempts.map((request) => request.body)).toEqual([
      { expected_total_cents: 8_261 },
      { expected_total_cents: 8_481 },
    ]);
    const [first, second] = attempts.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(second).not.toBe(first);
  });

  it('shows why the server would not place the cart', async () => {
    const { panel } = await openCart({
      lines: [[beans.id, 2]],
      isDeliveryChosen: true,
      handlers: {
        [route(placeOrder)]: answer(422, {
          error_code: 'CART_NOT_PLACEABLE',
          message: 'This cart cannot be placed',
          details: [{ path: 'shipping_method_id', message: 'Weekday delivery is no longer offered' }],
        }),
      },
    });
    await userEvent.click(panel.getByRole('button', { name: 'Place order' }));
    const alert = within(await panel.findByRole('alert', { name: /The order cannot be placed/ }));
    expect(alert.getByText('Weekday delivery is no longer offered')).toBeInTheDocument();
  });
});
