import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCustomerStatement, listCustomerAccounts } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '#testing/capture-downloads.ts';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import { json, page, renderReceivables, stubReceivablesApi } from '../testing/receivables-api-stub.tsx';
import {
  accountFixture,
  BISTRO_ORGANISATION_ID,
  CAFE_ACCOUNT_ID,
  cafe,
} from '../testing/receivables-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const LIST = route(listCustomerAccounts, { id: harbour.id });
const CAFE_STATEMENT = route(getCustomerStatement, { id: harbour.id, cid: cafe.id });
const AS_OF = { as_of: '2025-03-30' };

const bistro = accountFixture({
  id: idOf(0xba),
  organisation_id: BISTRO_ORGANISATION_ID,
  name: 'Corner Bistro',
  balance_cents: 260_000,
  outstanding_count: 5,
  overdue_cents: 0,
  available_credit_cents: 0,
  credit_limit_cents: 250_000,
  credit_limit_used_basis_points: 10_400,
  is_over_credit_limit: true,
});
const bakery = accountFixture({
  id: idOf(0xbb),
  organisation_id: idOf(0xbc),
  name: 'Night Owl Bakery',
  balance_cents: 0,
  outstanding_count: 0,
  overdue_cents: 0,
  credit_limit_cents: null,
  credit_limit_used_basis_points: null,
  is_payments_enabled: false,
});

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });

describe('CustomerAccountsScreen', () => {
  it('shows each customer’s balance, overdue amount, credit and share of its limit', async () => {
    stubReceivablesApi('merchant', { [LIST]: () => page([accountFixture(), bistro, bakery], AS_OF) });
    renderReceivables('merchant', '/payments/customers');

    expect(screen.getByRole('heading', { level: 1, name: 'Customer Accounts' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Café Aroma' })).toHaveAttribute(
      'href',
      `/customers/${CAFE_ACCOUNT_ID}`,
    );
    const cafeRow = within(rowOf('Café Aroma'));
    for (const text of ['$150.00', '$100.00', '$25.00', '$200.00', '75 %']) {
      expect(cafeRow.getByText(text)).toBeInTheDocument();
    }
    expect(cafeRow.getByRole('progressbar', { name: 'Café Aroma: credit limit used' })).toBeInTheDocument();
    expect(cafeRow.getByRole('link', { name: '2 invoices' })).toHaveAttribute(
      'href',
      `/payments/outstanding?customer=${cafe.id}&customer_name=Caf%C3%A9+Aroma`,
    );

    const bistroRow = within(rowOf('Corner Bistro'));
    expect(bistroRow.getByText('Over credit limit')).toBeInTheDocument();
    expect(bistroRow.getByText('104 %')).toBeInTheDocument();
    const bakeryRow = within(rowOf('Night Owl Bakery'));
    expect(bakeryRow.getByText('No limit')).toBeInTheDocument();
    expect(bakeryRow.getByText('Payments not tracked')).toBeInTheDocument();
    expect(bakeryRow.queryByRole('link', { name: /invoice/ })).toBeNull();
    expect(screen.getByText('Balances and overdue amounts as of 30/03/2025.')).toBeInTheDocument();
  });

  it('searches by name once two characters are typed, and filters by status', async () => {
    const api = stubReceivablesApi('merchant', { [LIST]: () => page([accountFixture()], AS_OF) });
    const { router } = renderReceivables('merchant', '/payments/customers');
    await screen.findByRole('link', { name: 'Café Aroma' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'c');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'af');
    await waitFor(() => expect(api.requestsTo(LIST).at(-1)!.query.get('search')).toBe('caf'));
    expect(router.state.location.search).toContain('q=caf');

    await userEvent.click(screen.getByRole('radio', { name: 'Archived' }));
    await waitFor(() => expect(api.requestsTo(LIST).at(-1)!.query.get('status')).toBe('archived'));
  });

  it('says when a search matches nobody', async () => {
    stubReceivablesApi('merchant', { [LIST]: () => page([], AS_OF) });
    renderReceivables('merchant', '/payments/customers?q=zebra');
    expect(await screen.findByText('No customers match “zebra”')).toBeInTheDocument();
  });

  it('downloads a customer’s statement for custom days, starting from this month so far', async () => {
    const downloads = captureDownloads();
    const api = stubReceivablesApi('merchant', {
      [LIST]: () => page([accountFixture(), bistro], AS_OF),
      [CAFE_STATEMENT]: pdf,
    });
    renderReceivables('merchant', '/payments/customers');
    await screen.findByRole('link', { name: 'Café Aroma' });

    await userEvent.click(screen.getByRole('button', { name: 'Statement for Café Aroma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement for Café Aroma' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Period'), 'Custom dates');
    expect(within(dialog).getByLabelText('From')).toHaveValue('2025-03-01');
    expect(within(dialog).getByLabelText('To')).toHaveValue('2025-03-30');
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2025-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download statement' }));

    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0]!.filename).toBe('statement-cafe-aroma-2025-01-01-to-2025-03-30.pdf');
    const [request] = api.requestsTo(CAFE_STATEMENT);
    expect(request!.query.get('from')).toBe('2025-01-01');
    expect(request!.query.get('to')).toBe('2025-03-30');
    expect(request!.query.get('period')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    downloads.restore();
  });

  it('refuses days that make no period before asking, and shows the server’s refusal on the field', async () => {
    const api = stubReceivablesApi('merchant', {
      [LIST]: () => page([accountFixture()], AS_OF),
      [CAFE_STATEMENT]: () =>
        json(422, {
          error_code: 'VALIDATION_ERROR',
          message: 'This period has more than 10,000 entries; choose a shorter one.',
          details: [{ path: 'querystring.from', message: 'Choose a shorter period' }],
        }),
    });
    renderReceivables('merchant', '/payments/customers');
    await userEvent.click(await screen.findByRole('button', { name: 'Statement for Café Aroma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement for Café Aroma' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Period'), 'Custom dates');

    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2025-02-01' } });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2025-02-10' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download statement' }));
    expect(await within(dialog).findByText('The last day is before the first')).toBeInTheDocument();
    expect(api.requestsTo(CAFE_STATEMENT)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2021-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download statement' }));
    expect(await within(dialog).findByText('Choose a shorter period')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo(CAFE_STATEMENT)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Statement for Café Aroma' })).toBeInTheDocument();
  });
});
