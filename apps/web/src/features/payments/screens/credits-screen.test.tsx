import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  applyCredit,
  getCredit,
  IDEMPOTENCY_KEY_HEADER,
  issueCredit,
  listCredits,
  listCustomers,
  listOutstandingOrders,
  voidCredit,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import {
  cafe,
  cafeCustomer,
  CREDIT_ID,
  creditFixture,
  customerUser,
  ORDER_1042,
  owingOrders,
  PAYMENT_ID,
  paymentFixture,
} from '../testing/payment-fixtures.ts';
import { json, page, renderPayments, stubPaymentsApi } from '../testing/payments-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const LIST = route(listCredits, { id: harbour.id });
const GET = route(getCredit, { id: harbour.id, cid: CREDIT_ID });
const APPLY = route(applyCredit, { id: harbour.id, cid: CREDIT_ID });
const VOID = route(voidCredit, { id: harbour.id, cid: CREDIT_ID });
const ISSUE = route(issueCredit, { id: harbour.id });
const OWING = route(listOutstandingOrders, { id: harbour.id });
const OPEN = `/payments/credits?credit=${CREDIT_ID}`;

const overpayment = creditFixture({
  id: idOf(0x7002),
  number: 9,
  source: 'OVERPAYMENT',
  status: 'PARTLY_USED',
  reason: 'Left over from payment 31',
  amount_cents: 2_655,
  remaining_cents: 1_000,
  payment: { id: PAYMENT_ID, number: 31 },
});
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('CreditsScreen (merchant)', () => {
  it('lists the credits with source, status, reason, amount and what remains', async () => {
    stubPaymentsApi('merchant', { [LIST]: () => page([creditFixture(), overpayment]) });
    renderPayments('merchant', '/payments/credits');

    expect(screen.getByRole('heading', { level: 1, name: 'Account Credits' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Credit 8' });
    const manual = within(rowOf('Credit 8'));
    expect(manual.getByText('Manual')).toBeInTheDocument();
    expect(manual.getByText('Available')).toBeInTheDocument();
    expect(manual.getByText('Damaged crate of milk')).toBeInTheDocument();
    const left = within(rowOf('Credit 9'));
    expect(left.getByText('Overpayment')).toBeInTheDocument();
    expect(left.getByText('Partly used')).toBeInTheDocument();
    expect(left.getByText('$26.55')).toBeInTheDocument();
    expect(left.getByText('$10.00')).toBeInTheDocument();
  });

  it('keeps only credits with something left when asked, in the URL and the query', async () => {
    const api = stubPaymentsApi('merchant', { [LIST]: () => page([creditFixture()]) });
    const { router } = renderPayments('merchant', '/payments/credits?source=MANUAL');
    await screen.findByRole('link', { name: 'Credit 8' });
    expect(api.requestsTo(LIST)[0]!.query.get('source')).toBe('MANUAL');

    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Only with credit left' }));
    await waitFor(() => expect(api.requestsTo(LIST).at(-1)!.query.get('is_available')).toBe('true'));
    expect(new URLSearchParams(router.state.location.search).get('available')).toBe('1');
  });

  it('issues a credit with a reason and an Idempotency-Key, then opens it', async () => {
    const issued = creditFixture({
      id: idOf(0x7003),
      number: 10,
      amount_cents: 4_500,
      remaining_cents: 4_500,
    });
    const api = stubPaymentsApi('merchant', {
      [LIST]: () => page([]),
      [route(listCustomers, { id: harbour.id })]: () => page([cafeCustomer]),
      [ISSUE]: () => json(201, issued),
      [route(getCredit, { id: harbour.id, cid: issued.id })]: () => json(200, issued),
    });
    const { router } = renderPayments('merchant', '/payments/credits');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Issue credit' }))[0]!);

    const dialog = within(await screen.findByRole('dialog', { name: 'Issue credit' }));
    await user.click(dialog.getByRole('button', { name: 'Issue credit' }));
    expect(await dialog.findByText('Choose the customer the credit is for')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(/Give a reason/);

    await user.type(dialog.getByRole('combobox', { name: /Customer/ }), 'Caf');
    await user.click(await screen.findByRole('option', { name: cafe.title }));
    await user.type(dialog.getByRole('textbox', { name: /Amount/ }), '45');
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Late delivery');
    await user.click(dialog.getByRole('button', { name: 'Issue credit' }));

    expect(await screen.findByRole('dialog', { name: 'Credit 10' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('credit')).toBe(issued.id);
    const [sent] = api.requestsTo(ISSUE);
    expect(sent!.body).toEqual({
      customer_organisation_id: cafe.id,
      amount_cents: 4_500,
      reason: 'Late delivery',
    });
    expect(sent!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[\w-]{8,}$/);
  });

  it('applies a credit to the customer’s orders, oldest first within what remains', async () => {
    let credit = creditFixture();
    const api = stubPaymentsApi('merchant', {
      [LIST]: () => page([credit]),
      [GET]: () => json(200, credit),
      [OWING]: () => json(200, owingOrders()),
      [APPLY]: () => {
        credit = creditFixture({
          status: 'USED',
          remaining_cents: 0,
          can_void: false,
          applications: [
            {
              payment_id: PAYMENT_ID,
              payment_number: 31,
              state: 'SUCCESSFUL',
              amount_cents: 6_000,
              paid_on: '2025-03-12',
              orders: [{ id: ORDER_1042, number: 1042, amount_cents: 6_000 }],
            },
          ],
        });
        return json(201, paymentFixture({ method: 'ACCOUNT_CREDIT', amount_cents: 6_000 }));
      },
    });
    renderPayments('merchant', OPEN);
    const drawer = within(await screen.findByRole('dialog', { name: 'Credit 8' }));
    expect(await drawer.findByText('Not applied to any order yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(drawer.getByRole('button', { name: 'Apply to orders' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Apply credit 8' }));
    expect(await dialog.findByRole('textbox', { name: 'Order 1042' })).toHaveValue('60.00');
    expect(dialog.getByRole('textbox', { name: 'Order 1043' })).toHaveValue('');
    await user.click(dialog.getByRole('button', { name: 'Apply $60.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Apply credit 8' })).toBeNull());
    const [sent] = api.requestsTo(APPLY);
    expect(sent!.body).toEqual({ allocations: [{ order_id: ORDER_1042, amount_cents: 6_000 }] });
    expect(sent!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[\w-]{8,}$/);
    // The credit as it now stands: spent, and where it went.
    const applications = within(await drawer.findByRole('table', { name: 'Applications' }));
    expect(applications.getByRole('link', { name: 'Payment 31' })).toHaveAttribute(
      'href',
      `/payments?payment=${PAYMENT_ID}`,
    );
    expect(applications.getByRole('link', { name: 'Order 1042' })).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Apply to orders' })).toBeNull();
  });

  it('says so when not enough of the credit remains (spent meanwhile), in the dialog', async () => {
    stubPaymentsApi('merchant', {
      [LIST]: () => page([]),
      [GET]: () => json(200, creditFixture()),
      [OWING]: () => json(200, owingOrders()),
      [APPLY]: () =>
        json(409, {
          error_code: 'CONFLICT',
          message: 'Not enough of this credit remains to apply that much.',
        }),
    });
    renderPayments('merchant', OPEN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply to orders' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply credit 8' }));
    await dialog.findByRole('textbox', { name: 'Order 1042' });
    await user.click(dialog.getByRole('button', { name: 'Apply $60.00' }));

    expect(
      await dialog.findByText('Not enough of this credit remains to apply that much.'),
    ).toBeInTheDocument();
  });

  it('asks before voiding an unspent credit', async () => {
    let credit = creditFixture();
    const api = stubPaymentsApi('merchant', {
      [LIST]: () => page([]),
      [GET]: () => json(200, credit),
      [VOID]: () => {
        credit = creditFixture({
          status: 'VOIDED',
          can_void: false,
          remaining_cents: 0,
          voided_at: '2025-03-13T00:00:00.000Z',
        });
        return json(200, credit);
      },
    });
    renderPayments('merchant', OPEN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Void credit' }));
    expect(confirm.getByText(/Void credit 8 of \$60\.00 for Café Aroma\?/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Void credit' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Void' })).toBeNull());
    expect(api.requestsTo(VOID)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Apply to orders' })).toBeNull();
  });
});

describe('CreditsScreen (customer)', () => {
  it('lists its own credits by merchant, and opens one read-only', async () => {
    const list = route(listCredits, { id: cafe.id });
    stubPaymentsApi(
      'customer',
      {
        [list]: () => page([creditFixture()]),
        [route(getCredit, { id: cafe.id, cid: CREDIT_ID })]: () =>
          json(200, creditFixture({ can_void: false })),
      },
      { user: customerUser },
    );
    renderPayments('customer', '/payments/credits');

    expect(
      within(await screen.findByRole('link', { name: 'Credit 8' }).then(() => rowOf('Credit 8'))).getByText(
        harbour.title,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue credit' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Credit 8' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Credit 8' }));
    expect(await drawer.findByText('Damaged crate of milk')).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Apply to orders' })).toBeNull();
    expect(drawer.queryByRole('button', { name: 'Void' })).toBeNull();
  });
});
