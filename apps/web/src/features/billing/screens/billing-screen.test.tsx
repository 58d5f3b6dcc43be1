import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBilling, getCurrentUser, openBillingPortal, startBillingCheckout } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { activeMonthly, billingFixture } from '../testing/billing-fixtures.ts';
import { captureLeaving, renderBilling, stubBillingApi } from '../testing/billing-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const BILLING = route(getBilling, { id: harbour.id });
const CHECKOUT = route(startBillingCheckout, { id: harbour.id });
const PORTAL = route(openBillingPortal, { id: harbour.id });
const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_harbour';
const PORTAL_URL = 'https://billing.stripe.com/p/session/bps_harbour';

const answering = (billing = billingFixture()) => ({ [BILLING]: () => jsonResponse(200, billing) });
const region = (name: string) => within(screen.getByRole('region', { name }));
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('BillingScreen', () => {
  it('shows a trial with its end date and the two plans at their prices', async () => {
    const api = stubBillingApi(answering());
    renderBilling();

    expect(screen.getByRole('heading', { level: 1, name: 'Organisation billing' })).toBeInTheDocument();
    const status = within(await screen.findByRole('region', { name: 'Subscription' }));
    expect(status.getByText('Free trial')).toBeInTheDocument();
    expect(status.getByText('Your free trial ends on 14/05/2099.')).toBeInTheDocument();

    const monthly = within(screen.getByRole('article', { name: 'Monthly' }));
    expect(monthly.getByText('$99.00')).toBeInTheDocument();
    expect(monthly.getByText('AUD per month')).toBeInTheDocument();
    expect(monthly.getByText('Billed every month, cancel any time')).toBeInTheDocument();
    const yearly = within(screen.getByRole('article', { name: 'Yearly' }));
    expect(yearly.getByText('$990.00')).toBeInTheDocument();
    expect(yearly.getByText('AUD per year')).toBeInTheDocument();
    expect(yearly.getByText('Two months free, billed once a year')).toBeInTheDocument();

    expect(
      region('Choose a plan').getByText(/^Every feature of Tradeport on either plan\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update card or cancel' })).toBeNull();
    expect(region('Past invoices').getByText(/No invoices yet/)).toBeInTheDocument();
    expect(api.requestsTo(BILLING)[0]?.query.get('flow')).toBe('existing');
  });

  it('choosing a plan asks for its Checkout and sends the browser there', async () => {
    const api = stubBillingApi({
      ...answering(),
      [CHECKOUT]: () => jsonResponse(200, { url: CHECKOUT_URL }),
    });
    renderBilling();
    const choose = await screen.findByRole('button', { name: 'Choose Yearly' });
    const leaving = captureLeaving();

    await userEvent.click(choose);

    await waitFor(() => expect(leaving).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.requestsTo(CHECKOUT).map((request) => request.body)).toEqual([
      { plan: 'YEARLY', flow: 'existing' },
    ]);
  });

  it('passes the onboarding flow on to the API, for reading and for Checkout', async () => {
    const api = stubBillingApi({
      ...answering(),
      [CHECKOUT]: () => jsonResponse(200, { url: CHECKOUT_URL }),
    });
    renderBilling('/organisations/billing?flow=onboarding');
    const choose = await screen.findByRole('button', { name: 'Choose Monthly' });
    const leaving = captureLeaving();

    await userEvent.click(choose);

    await waitFor(() => expect(leaving).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.requestsTo(BILLING)[0]?.query.get('flow')).toBe('onboarding');
    expect(api.requestsTo(CHECKOUT)[0]?.body).toEqual({ plan: 'MONTHLY', flow: 'onboarding' });
  });

  it('says why Checkout was refused, and stays', async () => {
    stubBillingApi({
      ...answering(),
      [CHECKOUT]: () =>
        jsonResponse(409, { error_code: 'CONFLICT', message: 'A subscription is already active.' }),
    });
    renderBilling();
    const choose = await screen.findByRole('button', { name: 'Choose Monthly' });
    const leaving = captureLeaving();

    await userEvent.click(choose);

    expect(await region('Choose a plan').findByRole('alert')).toHaveTextContent(
      'A subscription is already active.',
    );
    expect(leaving).not.toHaveBeenCalled();
  });

  it('shows a running subscription: plan, next invoice, card and the invoices in AUD and en-AU dates', async () => {
    stubBillingApi(answering(activeMonthly()));
    renderBilling();

    const status = within(await screen.findByRole('region', { name: 'Subscription' }));
    expect(status.getByText('Active')).toBeInTheDocument();
    expect(status.getByText('Your subscription renews on 03/06/2026.')).toBeInTheDocument();
    const plan = region('Your plan');
    expect(plan.getByText('Monthly, $99.00 per month')).toBeInTheDocument();
    expect(plan.getByText('$99.00 on 03/06/2026')).toBeInTheDocument();
    expect(plan.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Choose a plan' })).toBeNull();

    const table = screen.getByRole('table', { name: 'Invoices from Tradeport, newest first, in AUD' });
    const [, newest, older] = within(table).getAllByRole('row');
    expect(within(newest!).getByRole('rowheader')).toHaveTextContent('03/05/2026');
    expect(cellsOf(newest!).slice(0, 3)).toEqual(['TP-0002', '$99.00', 'Paid']);
    expect(within(older!).getByRole('rowheader')).toHaveTextContent('03/04/2026');
    const view = within(newest!).getByRole('link', { name: 'View invoice TP-0002 (opens in a new tab)' });
    expect(view).toHaveAttribute('href', 'https://invoice.stripe.com/i/in_2');
    expect(view).toHaveAttribute('target', '_blank');
  });

  it('opens Stripe’s portal to update the card or cancel', async () => {
    const api = stubBillingApi({
      ...answering(activeMonthly()),
      [PORTAL]: () => jsonResponse(200, { url: PORTAL_URL }),
    });
    renderBilling();
    const update = await screen.findByRole('button', { name: 'Update card or cancel' });
    const leaving = captureLeaving();

    await userEvent.click(update);

    await waitFor(() => expect(leaving).toHaveBeenCalledWith(PORTAL_URL));
    expect(api.requestsTo(PORTAL).map((request) => request.body)).toEqual([{ flow: 'existing' }]);
  });

  it('warns of a failed payment with the date access will be lost, and offers to pay', async () => {
    const pastDue = activeMonthly({
      status: 'PAST_DUE',
      payment_failed_date: '2026-06-03T12:00:00.000Z',
      deactivate_date: '2099-06-10T12:00:00.000Z',
    });
    const api = stubBillingApi({
      ...answering(pastDue),
      [PORTAL]: () => jsonResponse(200, { url: PORTAL_URL }),
    });
    renderBilling();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your last payment failed');
    expect(alert).toHaveTextContent(
      'Your organisation will lose access on 10/06/2099 unless the payment is made.',
    );
    expect(region('Subscription').getByText('Payment failed')).toBeInTheDocument();
    const leaving = captureLeaving();

    await userEvent.click(within(alert).getByRole('button', { name: 'Pay now or update card' }));

    await waitFor(() => expect(leaving).toHaveBeenCalledWith(PORTAL_URL));
    expect(api.requestsTo(PORTAL)).toHaveLength(1);
  });

  it('says when a cancelling subscription ends, and offers to renew', async () => {
    stubBillingApi(answering(activeMonthly({ status: 'CANCELLING', next_invoice: null })));
    renderBilling();

    const status = within(await screen.findByRole('region', { name: 'Subscription' }));
    expect(status.getByText('Cancels at the end of the period')).toBeInTheDocument();
    expect(status.getByText(/^Your subscription ends on 03\/06\/2026\./)).toBeInTheDocument();
    expect(region('Your plan').getByText('03/06/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew or update card' })).toBeInTheDocument();
  });

  it('offers the plans again once a subscription has ended', async () => {
    stubBillingApi(
      answering(
        billingFixture({ status: 'CANCELLED', trial_end: null, deactivate_date: '2026-04-30T12:00:00.000Z' }),
      ),
    );
    renderBilling();

    const status = within(await screen.findByRole('region', { name: 'Subscription' }));
    expect(status.getByText('Cancelled')).toBeInTheDocument();
    expect(status.getByText('Your subscription ended on 30/04/2026.')).toBeInTheDocument();
    expect(region('Choose a plan').getByText(/^Start your subscription again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Monthly' })).toBeEnabled();
  });

  it('says billing is not set up when the server has no Stripe keys', async () => {
    stubBillingApi(answering(billingFixture({ is_set_up: false })));
    renderBilling();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Billing is not set up on this server' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
  });

  it('tells a User that Admins manage billing, without asking the server', async () => {
    const asUser = {
      ...merchantUser,
      organisations: [{ ...harbour, user_level: 'User' as const }],
    };
    const api = stubBillingApi(answering(), () => jsonResponse(200, asUser));
    renderBilling();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Only Admins can manage billing' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(BILLING)).toHaveLength(0);
  });

  it('shows the same when the server refuses with 403, and reloads the person’s level', async () => {
    const api = stubBillingApi({
      [BILLING]: () => jsonResponse(403, { error_code: 'FORBIDDEN', message: 'Only Admins can do this.' }),
    });
    renderBilling();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Only Admins can manage billing' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(route(getCurrentUser))).toHaveLength(2));
  });

  it('shows a skeleton while loading, then a failure with a retry that works', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubBillingApi({
      [BILLING]: async () => {
        calls += 1;
        await held;
        return calls === 1
          ? jsonResponse(404, { error_code: 'NOT_FOUND', message: 'Organisation not found.' })
          : jsonResponse(200, activeMonthly());
      },
    });
    renderBilling();

    expect(await screen.findByRole('status')).toHaveTextContent('Loading billing');
    release();
    expect(await screen.findByText('We could not load your billing')).toBeInTheDocument();
    expect(screen.getByText('Organisation not found.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('region', { name: 'Your plan' })).toBeInTheDocument();
  });
});
