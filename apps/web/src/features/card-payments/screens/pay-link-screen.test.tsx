import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getPaymentLinkPage,
  IDEMPOTENCY_KEY_HEADER,
  payPaymentLink,
  quotePaymentLink,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { quoteFixture, resultFixture, setupFixture } from '../testing/card-payment-fixtures.ts';
import { installFakeStripe } from '../testing/fake-stripe.ts';
import { PayLinkScreen } from './pay-link-screen.tsx';

let stripe: ReturnType<typeof installFakeStripe> | undefined;

afterEach(() => {
  stripe?.uninstall();
  stripe = undefined;
  vi.unstubAllGlobals();
});

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyz';
const PAGE = route(getPaymentLinkPage, { token: TOKEN });

function openLink(handlers: Record<string, FakeHandler>, token = TOKEN) {
  const api = fakeFetch(handlers);
  vi.stubGlobal('fetch', api.stub);
  // Nobody is signed in: no session, no organisation.
  renderRoutes(withQueryClient([{ path: '/pay/:token', element: <PayLinkScreen /> }]), `/pay/${token}`);
  return api;
}

describe('PayLinkScreen', () => {
  it('says the link has expired, in the server’s words', async () => {
    openLink({
      [PAGE]: () =>
        jsonResponse(410, {
          error_code: 'PAYMENT_LINK_EXPIRED',
          message: 'This payment link has expired or was withdrawn. Ask the merchant for a new one.',
        }),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask the merchant for a new one/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    // Said on the page, not as an error toast on top of it.
    expect(screen.queryByText(/PAYMENT LINK EXPIRED/)).not.toBeInTheDocument();
  });

  it('says a link that does not exist was not found', async () => {
    openLink({
      [PAGE]: () => jsonResponse(404, { error_code: 'NOT_FOUND', message: 'Payment link not found' }),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment link not found' }),
    ).toBeInTheDocument();
  });

  it('does not ask the server about an address that cannot be a token', async () => {
    const api = openLink({}, 'short');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment link not found' }),
    ).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('shows what is owed to whom, and pays it by card without signing in', async () => {
    stripe = installFakeStripe();
    const api = openLink({
      [PAGE]: () =>
        jsonResponse(200, { ...setupFixture(), order_id: null, expires_at: '2025-04-01T00:00:00.000Z' }),
      [route(quotePaymentLink, { token: TOKEN })]: () =>
        jsonResponse(
          200,
          quoteFixture({ amount_cents: 16_345, surcharge: null, surcharge_cents: 0, total_cents: 16_345 }),
        ),
      [route(payPaymentLink, { token: TOKEN })]: () =>
        jsonResponse(201, resultFixture({ total_cents: 16_345 })),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay Harbour Wholesale' }),
    ).toBeInTheDocument();
    expect(screen.getByText('For Café Aroma')).toBeInTheDocument();
    const owed = within(screen.getByRole('table', { name: 'What this link pays' }));
    expect(owed.getByRole('row', { name: 'Order 1042 18/03/2025 $123.45' })).toBeInTheDocument();
    expect(owed.getByRole('row', { name: 'Total owing $163.45' })).toBeInTheDocument();

    await screen.findByText('Card number');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $163.45' }));

    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    const [quote] = api.requestsTo(route(quotePaymentLink, { token: TOKEN }));
    expect(quote?.body).toEqual({ confirmation_token: 'ctoken_fake_1' });
    const [paid] = api.requestsTo(route(payPaymentLink, { token: TOKEN }));
    expect(paid?.body).toEqual({ confirmation_token: 'ctoken_fake_1', expected_total_cents: 16_345 });
    expect(paid?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(paid?.headers.get('authorization')).toBeNull();
  });
});
