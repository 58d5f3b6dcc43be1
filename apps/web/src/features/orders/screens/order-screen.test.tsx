import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Cart,
  getOrder,
  setOrderDeliveryFee,
  removeOrderLine,
  reorder,
  setOrderLine,
  updateOrder,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '#lib/use-is-phone.ts';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { bulkOrderPdf } from '@tradeport/contract';
import {
  BEANS_ID,
  cafe,
  json,
  MILK_ID,
  ORDER_ID,
  orderFixture,
  renderOrders,
  stubOrdersApi,
} from '../testing/orders-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const GET = route(getOrder, { id: ORDER_ID });
const PATCH = route(updateOrder, { id: ORDER_ID });
const PATH = `/orders/${ORDER_ID}`;
/** The cart Order again answers with; this screen only reads what was skipped. */
const cartFixture: Cart = {
  merchant_id: harbour.id,
  customer_organisation_id: cafe.id,
  customer_name: cafe.title,
  is_merchant_entry: false,
  version: 2,
  lines: [],
  shipping_method_id: null,
  requested_delivery_date: null,
  notes: null,
  purchase_order_number: null,
  delivery_options: [],
  gst_rounding: 'PER_LINE',
  delivery_gst_rate_basis_points: 1000,
  totals: { subtotal_cents: 0, delivery_fee_cents: 0, delivery_gst_cents: 0, gst_cents: 0, total_cents: 0 },
  problems: [],
};

describe('OrderScreen (merchant)', () => {
  it('shows the order’s details, lines, totals and history in words', async () => {
    stubOrdersApi('merchant', {
      orders: { [GET]: () => json(200, orderFixture({ is_placed_by_merchant: true })) },
    });
    renderOrders('merchant', PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order 1042' })).toBeInTheDocument();
    expect(screen.getByText('Sam Ortiz (entered by Harbour Wholesale)')).toBeInTheDocument();
    expect(screen.getByText('Weekday delivery (Delivery)')).toBeInTheDocument();
    expect(screen.getByText('PO-77')).toBeInTheDocument();

    const lines = within(screen.getByRole('table', { name: 'Order lines' }));
    const beans = within(lines.getByRole('rowheader', { name: 'Espresso Beans 1kg' }).closest('tr')!);
    expect(beans.getByText('BEAN-1KG')).toBeInTheDocument();
    expect(beans.getByText('$30.00')).toBeInTheDocument();
    expect(beans.getByText('$6.00 (10%)')).toBeInTheDocument();
    expect(beans.getByText('$60.00')).toBeInTheDocument();

    const totals = within(screen.getByRole('table', { name: 'Order totals' }));
    expect(totals.getByRole('row', { name: 'Subtotal (ex GST) $100.00' })).toBeInTheDocument();
    expect(totals.getByRole('row', { name: 'Delivery (ex GST) $10.00' })).toBeInTheDocument();
    expect(totals.getByRole('row', { name: 'GST $13.45' })).toBeInTheDocument();
    expect(totals.getByRole('row', { name: 'Total (inc GST) $123.45' })).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Sam Ortiz placed the order');
    expect(history).toHaveTextContent(
      'Mia Chen changed the quantity of Full Cream Milk 2L (MILK-2L) from 3 to 4',
    );
  });

  it('moves the status with the order’s version, and shows the saved order', async () => {
    const api = stubOrdersApi('merchant', {
      orders: {
        [GET]: () => json(200, orderFixture()),
        [PATCH]: () =>
          json(
            200,
            orderFixture({ status: 'SHIPPED', version: 8, can_edit: false, allowed_statuses: ['COMPLETED'] }),
          ),
      },
    });
    renderOrders('merchant', PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as shipped' }));

    expect(await screen.findByRole('button', { name: 'Mark as completed' })).toBeInTheDocument();
    expect(api.requestsTo(PATCH)[0]!.body).toEqual({ version: 7, status: 'SHIPPED' });
    // No longer open: its lines can no longer be changed.
    expect(screen.queryByRole('button', { name: 'Remove Full Cream Milk 2L' })).toBeNull();
  });

  it('reloads the order and says someone else changed it when the version is stale (409)', async () => {
    let version = 7;
    const api = stubOrdersApi('merchant', {
      orders: {
        [GET]: () =>
          json(
            200,
            orderFixture({ version, notes: version === 7 ? 'Leave at the back door' : 'Ring the bell' }),
          ),
        [PATCH]: () => {
          version = 9;
          return json(409, { error_code: 'CONFLICT', message: 'The order has changed' });
        },
      },
    });
    renderOrders('merchant', PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Put on hold' }));

    expect(await screen.findByText(/Someone else changed this order/)).toBeInTheDocument();
    expect(await screen.findByText('Ring the bell')).toBeInTheDocument();
    expect(api.requestsTo(GET)).toHaveLength(2);
    expect(api.requestsTo(PATCH)[0]!.body).toEqual({ version: 7, status: 'ON_HOLD' });
  });

  it('asks before cancelling, and sends nothing when kept', async () => {
    const api = stubOrdersApi('merchant', { orders: { [GET]: () => json(200, orderFixture()) } });
    renderOrders('merchant', PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(dialog).toHaveTextContent('Cancel order 1042 for Café Aroma?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(PATCH)).toHaveLength(0);
  });

  it('asks before removing a line, then removes it with the version', async () => {
    const remove = route(removeOrderLine, { id: ORDER_ID, pid: MILK_ID });
    const api = stubOrdersApi('merchant', {
      orders: {
        [GET]: () => json(200, orderFixture()),
        [remove]: () => json(200, orderFixture({ version: 8, lines: orderFixture().lines.slice(1) })),
      },
    });
    renderOrders('merchant', PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Full Cream Milk 2L' }));

    const dialog = await screen.findByRole('dialog', { name: 'Remove line' });
    expect(dialog).toHaveTextContent('Remove Full Cream Milk 2L from order 1042?');
    expect(api.requestsTo(remove)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove line' }));

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Full Cream Milk 2L' })).toBeNull());
    expect(api.requestsTo(remove)[0]!.query.get('version')).toBe('7');
  });

  it('changes a line’s quantity with the version', async () => {
    const put = route(setOrderLine, { id: ORDER_ID, pid: BEANS_ID });
    const api = stubOrdersApi('merchant', {
      orders: {
        [GET]: () => json(200, orderFixture()),
        [put]: () => json(200, orderFixture({ version: 8 })),
      },
    });
    renderOrders('merchant', PATH);
    const user = userEvent.setup();
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of Espresso Beans 1kg' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(screen.getByRole('button', { name: 'Save quantity of Espresso Beans 1kg' }));

    await waitFor(() => expect(api.requestsTo(put)).toHaveLength(1));
    expect(api.requestsTo(put)[0]!.body).toEqual({ version: 7, quantity: 5 });
  });

  it('sends only the details changed, with the version', async () => {
    const api = stubOrdersApi('merchant', {
      orders: {
        [GET]: () => json(200, orderFixture()),
        [PATCH]: () => json(200, orderFixture({ version: 8, purchase_order_number: 'PO-78' })),
      },
    });
    renderOrders('merchant', PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order details' });
    const po = within(dialog).getByRole('textbox', { name: 'PO number' });
    await user.clear(po);
    await user.type(po, 'PO-78');
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(PATCH).map((request) => request.body)).toEqual([
      { version: 7, purchase_order_number: 'PO-78' },
    ]);
    expect(screen.getByText('PO-78')).toBeInTheDocument();
  });

  it('overrides the delivery fee from dollars typed, sent as cents with the version', async () => {
    const fee = route(setOrderDeliveryFee, { id: ORDER_ID });
    const api = stubOrdersApi('merchant', {
      orders: {
        [GET]: () => json(200, orderFixture()),
        [fee]: () => json(200, orderFixture({ version: 8, delivery_fee_cents: 1_250 })),
      },
    });
    renderOrders('merchant', PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change delivery fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change delivery fee' });
    const input = within(dialog).getByRole('textbox', { name: 'Delivery fee (ex GST)' });
    await user.clear(input);
    await user.type(input, 'twelve');
    await user.click(within(dialog).getByRole('button', { name: 'Save delivery fee' }));
    expect(
      await within(dialog).findByText('Enter the delivery fee in dollars, like 12.50'),
    ).toBeInTheDocument();
    expect(api.requestsTo(fee)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save delivery fee' }));
    await waitFor(() => expect(api.requestsTo(fee)).toHaveLength(1));
    expect(api.requestsTo(fee)[0]!.body).toEqual({ version: 7, delivery_fee_cents: 1_250 });
    expect(
      await within(screen.getByRole('table', { name: 'Order totals' })).findByRole('row', {
        name: 'Delivery (ex GST) $12.50',
      }),
    ).toBeInTheDocument();
  });

  it('downloads the invoice as a PDF of this order', async () => {
    const pdf = route(bulkOrderPdf, { id: harbour.id, type: 'invoice' });
    const api = stubOrdersApi('merchant', {
      orders: {
        [GET]: () => json(200, orderFixture()),
        [pdf]: () =>
          new Response(new Uint8Array([0x25, 0x50, 0xff]), {
            headers: { 'Content-Type': 'application/pdf' },
          }),
      },
    });
    const blobs: Blob[] = [];
    const createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:invoice';
    };
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} }));
    renderOrders('merchant', PATH);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download invoice' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    // The bytes as sent: read as text, 0xff would have become a replacement character.
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer())]).toEqual([0x25, 0x50, 0xff]);
    expect(api.requestsTo(pdf)[0]!.body).toEqual({ order_ids: [ORDER_ID] });
  });
});

describe('OrderScreen (customer)', () => {
  it('is read-only, with the invoice and Order again', async () => {
    stubOrdersApi('customer', {
      orders: { [GET]: () => json(200, orderFixture({ can_edit: false, allowed_statuses: [] })) },
    });
    renderOrders('customer', PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order 1042' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order again' })).toBeInTheDocument();
    for (const name of [
      'Edit details',
      'Add product',
      'Change delivery fee',
      'Cancel order',
      'Download packing slip',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Quantity of / })).toBeNull();
  });

  it('shows a card per line on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    stubOrdersApi('customer', {
      orders: { [GET]: () => json(200, orderFixture({ can_edit: false, allowed_statuses: [] })) },
    });
    renderOrders('customer', PATH);

    const lines = await screen.findByRole('list', { name: 'Order lines' });
    const beans = within(lines).getByRole('listitem', { name: 'Espresso Beans 1kg' });
    expect(beans).toHaveTextContent('$30.00 each ex GST · GST $6.00 (10%)');
    expect(beans).toHaveTextContent('Line total $60.00 ex GST');
    expect(screen.queryByRole('table', { name: 'Order lines' })).toBeNull();
  });

  it('orders again: says which lines were skipped and why, then opens Create New Order', async () => {
    const again = route(reorder, { id: ORDER_ID });
    const api = stubOrdersApi('customer', {
      orders: {
        [GET]: () => json(200, orderFixture({ can_edit: false, allowed_statuses: [] })),
        [again]: () =>
          json(200, {
            cart: cartFixture,
            skipped: [{ name: 'Espresso Beans 1kg', sku: 'BEAN-1KG', reason: 'No longer available' }],
          }),
      },
    });
    const { router } = renderOrders('customer', PATH);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Order again' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/create'));
    expect(await screen.findByText('Espresso Beans 1kg (BEAN-1KG): No longer available')).toBeInTheDocument();
    expect(api.requestsTo(again)).toHaveLength(1);
  });
});
