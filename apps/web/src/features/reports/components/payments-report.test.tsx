import { screen, within } from '@testing-library/react';
import { getPaymentsReport } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { LAST_30_DAYS, paymentsReceived } from '../testing/report-fixtures.ts';
import { renderReports, stubReportsApi } from '../testing/reports-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const PAYMENTS = route(getPaymentsReport, { id: harbour.id });

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('Payments received', () => {
  it('shows what came in, by day and by method, with the total in the footer', async () => {
    const api = stubReportsApi({ [PAYMENTS]: () => jsonResponse(200, paymentsReceived()) });
    renderReports('/reports?report=payments&period=LAST_30_DAYS');

    const received = await screen.findByRole('group', { name: 'Received' });
    expect(received).toHaveTextContent('$1,234.50');
    expect(received).toHaveTextContent('3 payments, less refunds');
    expect(screen.getByRole('group', { name: 'Average payment' })).toHaveTextContent('$411.50');
    expect(screen.getByRole('group', { name: 'Average a day' })).toHaveTextContent('$41.15');

    const byMethod = screen.getByRole('table', { name: 'Received by method' });
    expect(rowOf(byMethod, 'Bank Transfer')).toHaveTextContent('2$1,000.00');
    expect(rowOf(byMethod, 'Stripe Credit/Debit Card')).toHaveTextContent('1$234.50');
    expect(within(byMethod).queryByRole('rowheader', { name: 'Cash' })).toBeNull();
    expect(byMethod.querySelector('tfoot')).toHaveTextContent('Total3$1,234.50');
    expect(
      await screen.findByRole('img', {
        name: `Area chart of received per day from 02/03/2026 to 31/03/2026`,
      }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /Bar chart of money received by method/ }),
    ).toBeInTheDocument();
    expect(api.requestsTo(PAYMENTS)[0]!.query.get('period')).toBe('LAST_30_DAYS');
  });

  it('says so when nothing was received in the period', async () => {
    stubReportsApi({
      [PAYMENTS]: () =>
        jsonResponse(200, {
          ...paymentsReceived(),
          received_cents: 0,
          received_count: 0,
          by_method: [],
          by_day: [{ date: LAST_30_DAYS.from, amount_cents: 0 }],
        }),
    });
    renderReports('/reports?report=payments');

    expect(
      await screen.findByRole('heading', { name: 'No payments received in this period' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
