import { screen, within } from '@testing-library/react';
import { getGstReport, GstReport } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { gstSummary } from '../testing/report-fixtures.ts';
import { renderReports, stubReportsApi } from '../testing/reports-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const GST = route(getGstReport, { id: harbour.id });

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const rowWith = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('GST summary', () => {
  it('shows the BAS figures for the period and month by month, a month cut short with its days', async () => {
    const api = stubReportsApi({ [GST]: () => jsonResponse(200, gstSummary()) });
    renderReports('/reports?report=gst&from=2026-01-15&to=2026-03-31');

    const g1 = await screen.findByRole('group', { name: 'Total sales (G1)' });
    expect(g1).toHaveTextContent('$3,300.00');
    expect(g1).toHaveTextContent('Inc GST, from 9 orders');
    expect(screen.getByRole('group', { name: 'GST on sales (1A)' })).toHaveTextContent('$250.00');
    expect(screen.getByRole('group', { name: 'GST-free sales (G3)' })).toHaveTextContent('$550.00');
    expect(screen.getByRole('group', { name: 'Taxable sales' })).toHaveTextContent('$2,500.00');

    const table = screen.getByRole('table', { name: 'GST by month' });
    expect(cellsOf(rowWith('January 2026'))).toEqual(['2', '$1,100.00', '$100.00', '$0.00', '$1,000.00']);
    expect(within(rowWith('January 2026')).getByText('15/01/2026 – 31/01/2026')).toBeInTheDocument();
    // A whole month needs no days beside it.
    expect(within(rowWith('February 2026')).queryByText(/–/)).toBeNull();
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(cellsOf(total)).toEqual(['9', '$3,300.00', '$250.00', '$550.00', '$2,500.00']);

    const query = api.requestsTo(GST)[0]!.query;
    expect([query.get('from'), query.get('to'), query.get('period')]).toEqual([
      '2026-01-15',
      '2026-03-31',
      null,
    ]);
  });

  it('says so when nothing was sold in the period', async () => {
    const zero = {
      order_count: 0,
      total_sales_cents: 0,
      gst_cents: 0,
      gst_free_sales_cents: 0,
      taxable_sales_cents: 0,
    };
    const nothing = GstReport.parse({ ...gstSummary(), totals: zero, by_month: [] });
    stubReportsApi({ [GST]: () => jsonResponse(200, nothing) });
    renderReports('/reports?report=gst');

    expect(await screen.findByRole('heading', { name: 'No sales in this period' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
