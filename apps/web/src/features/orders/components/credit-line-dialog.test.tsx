import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Credit, getOrder, IDEMPOTENCY_KEY_HEADER, issueAdjustmentNote } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import {
  BEANS_ID,
  cafe,
  json,
  ORDER_ID,
  orderFixture,
  renderOrders,
  stubOrdersApi,
} from '../testing/orders-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const GET = route(getOrder, { id: ORDER_ID });
const NOTE = route(issueAdjustmentNote, { id: harbour.id });
const PATH = `/orders/${ORDER_ID}`;
const shipped = orderFixture({ status: 'SHIPPED', can_edit: false, allowed_statuses: ['COMPLETED'] });

const note: Credit = {
  id: idOf(0x7009),
  number: 12,
  merchant: { id: harbour.id, title: harbour.title },
  customer: { organisation_id: cafe.id, name: cafe.title },
  source: 'ORDER_ADJUSTMENT',
  status: 'AVAILABLE',
  reason: 'Out of stock on the day',
  amount_cents: 3_300,
  gst_cents: 300,
  remaining_cents: 3_300,
  order: { id: ORDER_ID, number: 1042, invoice_number: 1042 },
  payment: null,
  created_at: '2025-03-07T00:00:00.000Z',
  voided_at: null,
  lines: [],
  applications: [],
  created_by_name: 'Mia Chen',
  version: 1,
  can_void: true,
};

describe('crediting a line of a shipped order (an adjustment note)', () => {
  it('issues a note for the quantity not supplied, with a reason and an Idempotency-Key', async () => {
    const api = stubOrdersApi('merchant', {
      orders: { [GET]: () => json(200, shipped) },
      api: { [NOTE]: () => json(201, note) },
    });
    renderOrders('merchant', PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Credit Espresso Beans 1kg' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Credit Espresso Beans 1kg' }));
    const quantity = dialog.getByRole('textbox', { name: 'Quantity not supplied' });
    expect(quantity).toHaveValue('2');
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Out of stock on the day');
    await user.click(dialog.getByRole('button', { name: 'Issue adjustment note' }));

    expect(await screen.findByText('Credit 12 of $33.00 issued to Café Aroma')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Credit Espresso Beans 1kg' })).toBeNull(),
    );
    const [sent] = api.requestsTo(NOTE);
    expect(sent!.body).toEqual({
      order_id: ORDER_ID,
      reason: 'Out of stock on the day',
      lines: [{ product_id: BEANS_ID, quantity: 1 }],
    });
    expect(sent!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[\w-]{8,}$/);
  });

  it('shows the server’s limit on the quantity when part was credited already', async () => {
    stubOrdersApi('merchant', {
      orders: { [GET]: () => json(200, shipped) },
      api: {
        [NOTE]: () =>
          json(422, {
            error_code: 'VALIDATION_FAILED',
            message:
              'The adjustment note cannot be issued: At most 1 of Espresso Beans 1kg can still be credited (2 charged).',
            details: [
              {
                path: 'body.lines.0.quantity',
                message: 'At most 1 of Espresso Beans 1kg can still be credited (2 charged)',
              },
            ],
          }),
      },
    });
    renderOrders('merchant', PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Credit Espresso Beans 1kg' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit Espresso Beans 1kg' }));
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Damaged');
    await user.click(dialog.getByRole('button', { name: 'Issue adjustment note' }));

    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: 'Quantity not supplied' })).toHaveAccessibleDescription(
        /At most 1 of Espresso Beans 1kg can still be credited/,
      ),
    );
  });

  it('is not offered while the order can still be edited: the line is changed instead', async () => {
    stubOrdersApi('merchant', { orders: { [GET]: () => json(200, orderFixture()) } });
    renderOrders('merchant', PATH);

    expect(await screen.findByRole('button', { name: 'Remove Espresso Beans 1kg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Credit Espresso Beans 1kg' })).toBeNull();
  });
});
