import { screen, within } from '@testing-library/react';
import { getSalesReport, SalesReport } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { renderReports, stubReportsApi } from '../testing/reports-api-stub.tsx';
import { BEANS_ID, daysOf, salesByCustomer, salesByProduct } from '../testing/report-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const SALES = route(getSalesReport, { id: harbour.id });

const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('sales reports', () => {
  it('lists products by order lines, units and AUD, with the report’s totals in the footer', async () => {
    const api = stubReportsApi({ [SALES]: () => jsonResponse(200, salesByProduct()) });
    renderReports('/reports');

    const table = await screen.findByRole('table', { name: 'Sales by product' });
    expect(headersOf(table)).toEqual([
      'Product',
      'SKU',
      'Order lines',
      'Units',
      'Sales ex GST',
      'GST',
      'Total inc GST',
    ]);
    expect(cellsOf(rowOf(table, 'House blend beans 1kg'))).toEqual([
      'HB-1KG',
      '3',
      '30',
      '$1,000.00',
      '$100.00',
      '$1,100.00',
    ]);
    expect(within(table).getByRole('link', { name: 'House blend beans 1kg' })).toHaveAttribute(
      'href',
      `/products/${BEANS_ID}`,
    );
    expect(cellsOf(rowOf(table, 'Oat milk 1L'))[0]).toBe('—');
    const footer = table.querySelector('tfoot')!;
    expect(within(footer).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(cellsOf(rowOf(table, 'Total'))).toEqual(['', '5', '42', '$1,500.00', '$123.45', '$1,623.45']);

    const sales = screen.getByRole('group', { name: 'Sales inc GST' });
    expect(sales).toHaveTextContent('$1,623.45');
    expect(sales).toHaveTextContent('$1,500.00 ex GST');
    expect(screen.getByRole('group', { name: 'Orders' })).toHaveTextContent('5 order lines');
    expect(screen.getByRole('group', { name: 'Products' })).toHaveTextContent('42 units sold');
    expect(screen.getByText('02/03/2026 – 31/03/2026, days in Australia/Sydney time')).toBeInTheDocument();
    expect(screen.queryByText(/Showing the largest/)).toBeNull();
    // Loaded on its own, after the figures and the table.
    expect(
      await screen.findByRole('img', { name: 'Area chart of sales per day from 02/03/2026 to 31/03/2026' }),
    ).toBeInTheDocument();

    const query = api.requestsTo(SALES)[0]!.query;
    expect(query.get('group_by')).toBe('product');
    expect(query.get('period')).toBe('LAST_30_DAYS');
  });

  it('counts a customer’s orders, with their delivery and no units', async () => {
    stubReportsApi({ [SALES]: () => jsonResponse(200, salesByCustomer()) });
    renderReports('/reports?report=sales-by-customer');

    const table = await screen.findByRole('table', { name: 'Sales by customer' });
    expect(headersOf(table)).toEqual([
      'Customer',
      'Orders',
      'Sales ex GST',
      'Delivery ex GST',
      'GST',
      'Total inc GST',
    ]);
    expect(cellsOf(rowOf(table, 'Café Aroma'))).toEqual(['2', '$1,200.00', '$10.00', '$101.00', '$1,311.00']);
    // A customer organisation is not a customer account: its name links nowhere.
    expect(within(table).queryByRole('link', { name: 'Café Aroma' })).toBeNull();
    expect(cellsOf(rowOf(table, 'Total'))).toEqual(['3', '$1,500.00', '$20.00', '$125.45', '$1,645.45']);
    expect(screen.getByRole('group', { name: 'Orders' })).toHaveTextContent('Average $548.48 an order');
  });

  it('names rows without a category as the server does, and links them nowhere', async () => {
    const byCategory = salesByProduct({
      group_by: 'category',
      rows: salesByProduct().rows.map((row, index) =>
        index === 0
          ? { ...row, id: idOf(301), name: 'Coffee', sku: null }
          : { ...row, id: null, name: 'No category', sku: null },
      ),
    });
    stubReportsApi({ [SALES]: () => jsonResponse(200, byCategory) });
    renderReports('/reports?report=sales-by-category');

    const table = await screen.findByRole('table', { name: 'Sales by category' });
    expect(headersOf(table).slice(0, 3)).toEqual(['Category', 'Order lines', 'Units']);
    expect(cellsOf(rowOf(table, 'No category'))).toEqual(['2', '12', '$500.00', '$23.45', '$523.45']);
    expect(within(table).queryAllByRole('link')).toEqual([]);
  });

  it('says when only the largest rows are listed, and totals every row', async () => {
    const totals = {
      count: 400,
      quantity: 900,
      subtotal_cents: 2_000_000,
      delivery_fee_cents: 0,
      gst_cents: 200_000,
      total_cents: 2_200_000,
    };
    stubReportsApi({ [SALES]: () => jsonResponse(200, salesByProduct({ row_count: 250, totals })) });
    renderReports('/reports');

    expect(
      await screen.findByText(/^Showing the largest 2 of 250 products by total inc\. GST\./),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Sales by product' });
    expect(cellsOf(rowOf(table, 'Total'))).toEqual([
      '',
      '400',
      '900',
      '$20,000.00',
      '$2,000.00',
      '$22,000.00',
    ]);
    expect(screen.getByRole('group', { name: 'Products' })).toHaveTextContent('250');
  });

  it('says so when nothing was sold in the period, with no table or chart', async () => {
    const nothing = SalesReport.parse({
      ...salesByProduct(),
      totals: {
        count: 0,
        quantity: 0,
        subtotal_cents: 0,
        delivery_fee_cents: 0,
        gst_cents: 0,
        total_cents: 0,
      },
      order_count: 0,
      row_count: 0,
      rows: [],
      by_day: daysOf(salesByProduct().period, { first: 0, last: 0 }),
    });
    stubReportsApi({ [SALES]: () => jsonResponse(200, nothing) });
    renderReports('/reports');

    expect(await screen.findByRole('heading', { name: 'No sales in this period' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img', { name: /Area chart/ })).toBeNull();
  });

  it('draws a period longer than a quarter a month at a time', async () => {
    const year = { from: '2025-04-01', to: '2026-03-31' };
    stubReportsApi({
      [SALES]: () =>
        jsonResponse(200, salesByProduct({ period: year, by_day: daysOf(year, { first: 100, last: 200 }) })),
    });
    renderReports('/reports?period=LAST_YEAR');

    expect(await screen.findByRole('heading', { name: 'Sales per month' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Area chart of sales per month from 01/04/2025 to 31/03/2026' }),
    ).toBeInTheDocument();
  });
});
