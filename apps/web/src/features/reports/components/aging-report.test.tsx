import { screen, within } from '@testing-library/react';
import { getAgingReport } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { agingReport, CAFE_ORGANISATION_ID } from '../testing/report-fixtures.ts';
import { renderReports, stubReportsApi } from '../testing/reports-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const AGING = route(getAgingReport, { id: harbour.id });

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Receivables aging', () => {
  it('lists what each customer owes now by days overdue, as of the merchant’s day, with no period', async () => {
    const api = stubReportsApi({ [AGING]: () => jsonResponse(200, agingReport()) });
    renderReports('/reports?report=aging&period=LAST_MONTH');

    const table = await screen.findByRole('table', { name: 'Owed by customer' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Customer',
      'Invoices',
      'Owed',
      'Overdue',
      '0–30 days',
      '31–60 days',
      '61–90 days',
      '90+ days',
    ]);
    expect(cellsOf(rowOf(table, 'Café Aroma'))).toEqual([
      '3',
      '$2,000.75',
      '$1,500.00',
      '$500.75',
      '$600.00',
      '$0.00',
      '$900.00',
    ]);
    expect(cellsOf(rowOf(table, 'Total'))).toEqual([
      '5',
      '$2,500.75',
      '$1,800.00',
      '$700.75',
      '$600.00',
      '$300.00',
      '$900.00',
    ]);
    // A customer opens the outstanding list narrowed to its invoices.
    expect(within(table).getByRole('link', { name: 'Café Aroma' })).toHaveAttribute(
      'href',
      `/payments/outstanding?customer=${CAFE_ORGANISATION_ID}&customer_name=Caf%C3%A9+Aroma`,
    );

    expect(screen.getByRole('group', { name: 'Owed' })).toHaveTextContent('5 unpaid invoices');
    expect(screen.getByRole('group', { name: 'Overdue' })).toHaveTextContent('$1,800.00');
    expect(screen.getByRole('group', { name: 'Customers owing' })).toHaveTextContent('2');
    expect(screen.getByText('As of 31/03/2026')).toBeInTheDocument();
    expect(screen.queryByLabelText('Period')).toBeNull();
    expect(
      await screen.findByRole('img', { name: /Bar chart of what is owed by days past/ }),
    ).toBeInTheDocument();
    expect([...api.requestsTo(AGING)[0]!.query.keys()]).toEqual([]);
  });

  it('says so when no customer owes anything', async () => {
    stubReportsApi({
      [AGING]: () =>
        jsonResponse(
          200,
          agingReport({
            rows: [],
            totals: { ...agingReport().totals, order_count: 0, owed_cents: 0, overdue_cents: 0 },
          }),
        ),
    });
    renderReports('/reports?report=aging');

    expect(await screen.findByRole('heading', { name: 'Nothing is owed to you' })).toBeInTheDocument();
    expect(screen.getByText('No customer has an unpaid invoice as of 31/03/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
