import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  assignShippingMethodCustomers,
  createShippingMethod,
  deleteShippingMethod,
  listShippingMethodCustomers,
  unassignShippingMethodCustomer,
  updateShippingMethod,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ONLY_REASON } from '#lib/access.ts';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import { harbourUser, memberOf } from '#shared/product-groups/testing/group-fixtures.ts';
import {
  alphaCafe,
  bravoBistro,
  methodFixture,
  renderDelivery,
  stubDeliveryApi,
} from '../testing/delivery-api-stub.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const weekday = methodFixture({
  id: idOf(1),
  name: 'Weekday delivery',
  fee_cents: 1500,
  free_above_cents: 30000,
  minimum_order_cents: 10000,
  weekdays: [1, 2, 3, 4, 5],
  lead_days: 1,
  cut_off_minutes: 840,
});
const pickUp = methodFixture({
  id: idOf(2),
  name: 'Pick-up from warehouse',
  kind: 'PICK_UP',
  lead_days: 0,
  is_available_to_all: false,
  customer_count: 2,
});

/**
 * Replaces a field's text with one change event: typing key by key re-renders the whole form
 * each time, which makes a long form's test slow for nothing it proves.
 */
function fill(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

describe('Delivery screen', () => {
  it('lists each method’s rules in words, with the merchant’s time zone', async () => {
    stubDeliveryApi({ methods: [weekday, pickUp] });
    renderDelivery();

    expect(screen.getByRole('heading', { level: 1, name: 'Delivery' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Delivery methods' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Pick-up from warehouse', 'Weekday delivery']);
    const cells = within(rowOf('Weekday delivery'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Delivery',
      '$15.00; free from $300.00',
      '$100.00',
      'Mon–Fri1 day ahead',
      '2:00 pm',
      'Every customer',
    ]);
    const pickUpCells = within(rowOf('Pick-up'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(pickUpCells.slice(0, 6)).toEqual([
      'Pick-up',
      'Free',
      'None',
      'Every daySame day',
      'None',
      '2 chosen customers',
    ]);
    expect(screen.getByText(/Cut-off times are in Australia\/Perth time/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Weekday delivery' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Pick-up from warehouse' })).toBeInTheDocument();
  });

  it('explains what a delivery method is when there are none, and offers to add one', async () => {
    stubDeliveryApi({ methods: [] });
    renderDelivery();

    expect(await screen.findByText('No delivery methods yet')).toBeInTheDocument();
    expect(
      screen.getByText(/how your customers get their orders: a delivery run or pick-up/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add delivery method' }).at(-1)!);
    expect(await screen.findByRole('form', { name: 'Add delivery method' })).toBeInTheDocument();
  });

  it('adds a method with fee bands, days and a cut-off', async () => {
    const api = stubDeliveryApi({ methods: [weekday] });
    renderDelivery();
    await screen.findByRole('rowheader', { name: 'Weekday delivery' });

    await userEvent.click(screen.getByRole('button', { name: 'Add delivery method' }));
    const form = await screen.findByRole('form', { name: 'Add delivery method' });
    const inForm = within(form);
    fill(inForm.getByLabelText(/^Name/), 'Cool room run');
    await userEvent.click(inForm.getByLabelText('By order subtotal'));
    fill(inForm.getByLabelText('Band 1: fee'), '25');
    await userEvent.click(inForm.getByRole('button', { name: 'Add band' }));
    fill(inForm.getByLabelText('Band 2: from subtotal'), '200');
    fill(inForm.getByLabelText('Band 2: fee'), '10');
    fill(inForm.getByLabelText('Minimum order (ex GST)'), '150');
    await userEvent.click(inForm.getByLabelText('Friday'));
    await userEvent.click(inForm.getByLabelText('Saturday'));
    fill(inForm.getByLabelText('Lead time (days)'), '2');
    fireEvent.change(inForm.getByLabelText('Order cut-off'), { target: { value: '15:30' } });
    expect(inForm.getByText(/In Australia\/Perth time/)).toBeInTheDocument();
    await userEvent.click(inForm.getByRole('button', { name: 'Add delivery method' }));

    expect(await screen.findByRole('rowheader', { name: 'Cool room run' })).toBeInTheDocument();
    const [created] = api.requestsTo(route(createShippingMethod, { id: harbour.id }));
    expect(created!.body).toEqual({
      name: 'Cool room run',
      kind: 'DELIVERY',
      fee_cents: 0,
      fee_bands: [
        { from_subtotal_cents: 0, fee_cents: 2500 },
        { from_subtotal_cents: 20000, fee_cents: 1000 },
      ],
      free_above_cents: null,
      minimum_order_cents: 15000,
      weekdays: [1, 2, 3, 4, 6],
      lead_days: 2,
      cut_off_minutes: 930,
      is_available_to_all: true,
      is_active: true,
    });
    expect(api.requestsTo(route(assignShippingMethodCustomers))).toHaveLength(0);
  });

  it('adds a pick-up method offered to a chosen customer', async () => {
    const api = stubDeliveryApi({ methods: [] });
    renderDelivery();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add delivery method' }))[0]!);
    const inForm = within(await screen.findByRole('form', { name: 'Add delivery method' }));
    fill(inForm.getByLabelText(/^Name/), 'Cool room pick-up');
    await userEvent.click(inForm.getByLabelText('Pick-up'));
    await userEvent.click(inForm.getByLabelText('Chosen customers'));
    expect(inForm.getByText(/No customers chosen yet/)).toBeInTheDocument();
    fill(inForm.getByRole('searchbox', { name: 'Find a customer to add' }), 'alp');
    await userEvent.click(await inForm.findByRole('button', { name: 'Add Alpha Café' }));
    const chosen = inForm.getByRole('table', { name: 'Chosen customers' });
    expect(
      within(chosen)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Alpha Café']);
    await userEvent.click(inForm.getByRole('button', { name: 'Add delivery method' }));

    expect(await screen.findByRole('rowheader', { name: 'Cool room pick-up' })).toBeInTheDocument();
    const [created] = api.requestsTo(route(createShippingMethod));
    expect(created!.body).toMatchObject({ kind: 'PICK_UP', is_available_to_all: false });
    const [assigned] = api.requestsTo(route(assignShippingMethodCustomers));
    expect(assigned!.params.mid).toBe(idOf(900));
    expect(assigned!.body).toEqual({ customer_ids: [alphaCafe.id] });
  });

  it('says what is wrong on the field and sends nothing', async () => {
    const api = stubDeliveryApi({ methods: [] });
    renderDelivery();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add delivery method' }))[0]!);
    const form = await screen.findByRole('form', { name: 'Add delivery method' });
    const fee = within(form).getByRole('textbox', { name: 'Fee (ex GST)' });
    await userEvent.clear(fee);
    await userEvent.type(fee, 'lots');
    await userEvent.click(within(form).getByRole('button', { name: 'Add delivery method' }));

    expect(await within(form).findByText('Enter a name')).toBeInTheDocument();
    expect(within(form).getByText('Enter the fee in dollars, like 15 or 12.50')).toBeInTheDocument();
    expect(api.requestsTo(route(createShippingMethod))).toHaveLength(0);
  });

  it('edits a method with its version, and takes a customer off it', async () => {
    const api = stubDeliveryApi({
      methods: [pickUp],
      assigned: { [pickUp.id]: [memberOf(alphaCafe), memberOf(bravoBistro)] },
    });
    renderDelivery();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Pick-up from warehouse' }));
    const form = await screen.findByRole('form', { name: 'Edit Pick-up from warehouse' });
    await userEvent.click(await within(form).findByRole('button', { name: 'Remove Bravo Bistro' }));
    fill(within(form).getByRole('textbox', { name: 'Name' }), 'Warehouse pick-up');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('rowheader', { name: 'Warehouse pick-up' })).toBeInTheDocument();
    const [update] = api.requestsTo(route(updateShippingMethod));
    expect(update!.body).toMatchObject({ name: 'Warehouse pick-up', kind: 'PICK_UP', version: 1 });
    const removed = api.requestsTo(route(unassignShippingMethodCustomer));
    expect(removed.map((request) => request.params.cid)).toEqual([bravoBistro.id]);
    expect(api.requestsTo(route(assignShippingMethodCustomers))).toHaveLength(0);
  });

  it('does not let the chosen customers be changed when they could not be read', async () => {
    const api = stubDeliveryApi({
      methods: [pickUp],
      handlers: {
        [route(listShippingMethodCustomers)]: () =>
          new Response(JSON.stringify({ error_code: 'SERVICE_UNAVAILABLE', message: 'Try again soon.' }), {
            status: 503,
            headers: { 'Content-Type': 'application/json' },
          }),
      },
    });
    renderDelivery();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Pick-up from warehouse' }));
    const form = await screen.findByRole('form', { name: 'Edit Pick-up from warehouse' });

    expect(await within(form).findByText(/could not load the chosen customers/)).toBeInTheDocument();
    expect(within(form).getByRole('searchbox', { name: 'Find a customer to add' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo(route(updateShippingMethod))).toHaveLength(1));
    expect(api.requestsTo(route(unassignShippingMethodCustomer))).toHaveLength(0);
  });

  it('keeps the form open with the server’s words when someone else saved first', async () => {
    const api = stubDeliveryApi({
      methods: [{ ...weekday, version: 1 }],
      handlers: {
        [route(updateShippingMethod)]: () =>
          new Response(
            JSON.stringify({
              error_code: 'CONFLICT',
              message:
                'Someone else changed this delivery method since you opened it. Reload to see their changes.',
            }),
            { status: 409, headers: { 'Content-Type': 'application/json' } },
          ),
      },
    });
    renderDelivery();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Weekday delivery' }));
    const form = await screen.findByRole('form', { name: 'Edit Weekday delivery' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText(/Someone else changed this delivery method/)).toBeInTheDocument();
    expect(api.requestsTo(route(updateShippingMethod))).toHaveLength(1);
  });

  it('deletes only after the confirmation', async () => {
    const api = stubDeliveryApi({ methods: [weekday, pickUp] });
    renderDelivery();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Weekday delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Weekday delivery?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo(route(deleteShippingMethod))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Weekday delivery' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Weekday delivery?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Weekday delivery' })).toBeNull());
    expect(api.requestsTo(route(deleteShippingMethod)).map((r) => r.params.mid)).toEqual([weekday.id]);
  });

  it('shows a User the methods without the Admin’s controls, and says why', async () => {
    stubDeliveryApi({ methods: [weekday], user: harbourUser });
    renderDelivery();
    expect(await screen.findByRole('rowheader', { name: 'Weekday delivery' })).toBeInTheDocument();
    expect(await screen.findByText(ADMIN_ONLY_REASON)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add delivery method' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Weekday delivery' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
