import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCustomerStatement, getReceivablesOverview, listOutstandingOrders } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '#testing/capture-downloads.ts';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { json, page, renderReceivables, stubReceivablesApi } from '../testing/receivables-api-stub.tsx';
import {
  cafe,
  notYetDue,
  nothingReceived,
  outstandingFixture,
  overviewFixture,
} from '../testing/receivables-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const OVERVIEW = route(getReceivablesOverview, { id: harbour.id });
const CAFE_OUTSTANDING = route(listOutstandingOrders, { id: cafe.id });
const CAFE_STATEMENT = route(getCustomerStatement, { id: harbour.id, cid: cafe.id });

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('PaymentsOverviewScreen (merchant)', () => {
  it('shows what came in by method as a table, the credit applied apart, and what is owed by age', async () => {
    const api = stubReceivablesApi('merchant', { [OVERVIEW]: () => json(200, overviewFixture()) });
    renderReceivables('merchant', '/payments/overview');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payments overview' })).toBeInTheDocument();
    const received = await screen.findByRole('group', { name: 'Received in the period' });
    expect(received).toHaveTextContent('$1,234.50');
    expect(received).toHaveTextContent('3 payments, less refunds');
    expect(screen.getByRole('group', { name: 'Account credit applied' })).toHaveTextContent('$50.00');
    expect(screen.getByText('01/03/2025 – 30/03/2025, days in Australia/Sydney time')).toBeInTheDocument();

    const byMethod = screen.getByRole('table', { name: 'Received by method' });
    expect(rowOf(byMethod, 'Bank Transfer')).toHaveTextContent('2$1,000.00');
    expect(rowOf(byMethod, 'External Credit/Debit Card')).toHaveTextContent('1$234.50');
    expect(rowOf(byMethod, 'Total')).toHaveTextContent('3$1,234.50');
    // Account Credit moves no money, and methods nothing came by are left out.
    expect(within(byMethod).queryByRole('rowheader', { name: 'Account Credit' })).toBeNull();
    expect(within(byMethod).queryByRole('rowheader', { name: 'Cash' })).toBeNull();
    // Loaded on its own, after the figures.
    expect(
      await screen.findByRole('img', { name: /Bar chart of money received by method/ }),
    ).toBeInTheDocument();

    expect(screen.getByRole('group', { name: 'Outstanding' })).toHaveTextContent('$2,500.75');
    expect(screen.getByRole('group', { name: 'Overdue' })).toHaveTextContent('$1,800.00');
    expect(screen.getByRole('group', { name: 'Overdue' })).toHaveTextContent('4 invoices past the due date');
    const aging = screen.getByRole('table', { name: 'Outstanding by age' });
    expect(rowOf(aging, '31–60 days')).toHaveTextContent('1$600.00');
    expect(rowOf(aging, '90+ days')).toHaveTextContent('2$900.00');
    expect(within(aging).getByRole('link', { name: '31–60 days' })).toHaveAttribute(
      'href',
      '/payments/outstanding?aging=DAYS_31_60',
    );
    expect(api.requestsTo(OVERVIEW)[0]!.query.get('period')).toBe('LAST_30_DAYS');
  });

  it('keeps the period in the address, and custom dates start from the period shown', async () => {
    const api = stubReceivablesApi('merchant', {
      [OVERVIEW]: (request) =>
        json(
          200,
          overviewFixture(
            request.query.get('from')
              ? { period: { from: request.query.get('from')!, to: request.query.get('to')! } }
              : {},
          ),
        ),
    });
    const { router } = renderReceivables('merchant', '/payments/overview?period=LAST_MONTH');
    await screen.findByRole('table', { name: 'Received by method' });
    expect(api.requestsTo(OVERVIEW)[0]!.query.get('period')).toBe('LAST_MONTH');

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Custom dates');
    expect(screen.getByLabelText('From')).toHaveValue('2025-03-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-03-30');
    expect(router.state.location.search).toBe('?from=2025-03-01&to=2025-03-30');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-01' } });
    await waitFor(() => expect(api.requestsTo(OVERVIEW).at(-1)!.query.get('from')).toBe('2025-02-01'));
    expect(api.requestsTo(OVERVIEW).at(-1)!.query.get('to')).toBe('2025-03-30');
    expect(api.requestsTo(OVERVIEW).at(-1)!.query.get('period')).toBeNull();
    expect(
      await screen.findByText('01/02/2025 – 30/03/2025, days in Australia/Sydney time'),
    ).toBeInTheDocument();
  });

  it('says what is wrong with days that make no period, and asks nothing for them', async () => {
    const api = stubReceivablesApi('merchant', { [OVERVIEW]: () => json(200, overviewFixture()) });
    renderReceivables('merchant', '/payments/overview?from=2025-03-10&to=2025-03-01');

    expect(await screen.findByText('The last day is before the first')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo(OVERVIEW)).toHaveLength(0);
  });

  it('says when nothing came in rather than drawing empty bars', async () => {
    stubReceivablesApi('merchant', { [OVERVIEW]: () => json(200, overviewFixture(nothingReceived())) });
    renderReceivables('merchant', '/payments/overview');

    expect(await screen.findByText('Nothing was received in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Received by method' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Outstanding by age' })).toBeInTheDocument();
  });

  it('offers a retry when the overview cannot be loaded', async () => {
    let calls = 0;
    stubReceivablesApi('merchant', {
      [OVERVIEW]: () =>
        (calls += 1) === 1
          ? json(429, { error_code: 'RATE_LIMITED', message: 'Too many requests; try again shortly.' })
          : json(200, overviewFixture()),
    });
    renderReceivables('merchant', '/payments/overview');

    expect(await screen.findByText('We could not load the overview')).toBeInTheDocument();
    expect(screen.getByText('Too many requests; try again shortly.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Outstanding' })).toHaveTextContent('$2,500.75');
  });
});

describe('PaymentsOverviewScreen (customer)', () => {
  it('adds up what the café owes from its own outstanding invoices, every page, never asking the merchant’s overview', async () => {
    const old = outstandingFixture({
      id: '00000000-0000-4000-8000-000000000777',
      invoice_number: 990,
      outstanding_cents: 40_000,
      days_overdue: 70,
      aging_bucket: 'DAYS_61_90',
    });
    const api = stubReceivablesApi('customer', {
      [CAFE_OUTSTANDING]: (request) =>
        request.query.get('cursor') === 'next'
          ? page([notYetDue], { as_of: '2025-03-30' })
          : page([old, outstandingFixture()], { as_of: '2025-03-30' }, 'next'),
      [OVERVIEW]: () => json(403, { error_code: 'FORBIDDEN', message: 'Merchants only.' }),
    });
    renderReceivables('customer', '/payments/overview');

    expect(
      await screen.findByText('What you owe Harbour Wholesale now, and how overdue it is.'),
    ).toBeInTheDocument();
    const owed = await screen.findByRole('group', { name: 'You owe' });
    expect(owed).toHaveTextContent('$550.00');
    expect(owed).toHaveTextContent('3 invoices unpaid or part-paid');
    expect(screen.getByRole('group', { name: 'Overdue' })).toHaveTextContent('$500.00');
    const aging = screen.getByRole('table', { name: 'Outstanding by age' });
    expect(rowOf(aging, '61–90 days')).toHaveTextContent('1$400.00');
    expect(rowOf(aging, '0–30 days')).toHaveTextContent('2$150.00');

    const requests = api.requestsTo(CAFE_OUTSTANDING);
    expect(requests.map((request) => request.query.get('merchant_id'))).toEqual([harbour.id, harbour.id]);
    expect(requests[1]!.query.get('cursor')).toBe('next');
    expect(api.requestsTo(OVERVIEW)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Pay outstanding' })).toHaveAttribute(
      'href',
      `/payments/overview?pay=card&pay_merchant=${harbour.id}`,
    );
  });

  it('downloads the café’s own statement for the period chosen', async () => {
    const downloads = captureDownloads();
    const api = stubReceivablesApi('customer', {
      [CAFE_OUTSTANDING]: () => page([], { as_of: '2025-03-30' }),
      [CAFE_STATEMENT]: () =>
        new Response('%PDF-1.7 statement', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    renderReceivables('customer', '/payments/overview');
    expect(await screen.findByRole('group', { name: 'You owe' })).toHaveTextContent('$0.00');
    expect(screen.queryByRole('link', { name: 'Pay outstanding' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement for Café Aroma' });
    expect(within(dialog).getByLabelText('Period')).toHaveValue('THIS_MONTH');
    await userEvent.selectOptions(within(dialog).getByLabelText('Period'), 'Last month');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download statement' }));

    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0]!.filename).toBe('statement-cafe-aroma-last-month.pdf');
    expect(await downloads.saved[0]!.blob.text()).toBe('%PDF-1.7 statement');
    expect(api.requestsTo(CAFE_STATEMENT)[0]!.query.get('period')).toBe('LAST_MONTH');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    downloads.restore();
  });
});
