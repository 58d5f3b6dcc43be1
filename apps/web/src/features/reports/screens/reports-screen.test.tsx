import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  exportAgingReport,
  exportSalesReport,
  getAgingReport,
  getGstReport,
  getSalesReport,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '#testing/capture-downloads.ts';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { agingReport, gstSummary, salesByCustomer, salesByProduct } from '../testing/report-fixtures.ts';
import { renderReports, stubReportsApi } from '../testing/reports-api-stub.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SALES = route(getSalesReport, { id: harbour.id });
const SALES_CSV = route(exportSalesReport, { id: harbour.id });
const GST = route(getGstReport, { id: harbour.id });
const AGING = route(getAgingReport, { id: harbour.id });
const AGING_CSV = route(exportAgingReport, { id: harbour.id });

const bySalesGrouping = () => ({
  [SALES]: (request: { query: URLSearchParams }) =>
    jsonResponse(200, request.query.get('group_by') === 'customer' ? salesByCustomer() : salesByProduct()),
});
const csvResponse = (text: string) =>
  new Response(text, { status: 200, headers: { 'Content-Type': 'text/csv' } });

describe('ReportsScreen', () => {
  it('offers every report as a tab, sales by product first', async () => {
    stubReportsApi(bySalesGrouping());
    renderReports('/reports');

    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Report' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Sales by product',
      'Sales by customer',
      'Sales by category',
      'Sales by brand',
      'GST summary',
      'Payments received',
      'Receivables aging',
    ]);
    expect(screen.getByRole('tab', { name: 'Sales by product' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sales by product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Period')).toHaveValue('LAST_30_DAYS');
  });

  it('keeps the report and period in the address and asks for what they name', async () => {
    const api = stubReportsApi(bySalesGrouping());
    const { router } = renderReports('/reports');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Sales by product' });

    await user.click(screen.getByRole('tab', { name: 'Sales by customer' }));
    expect(await screen.findByRole('table', { name: 'Sales by customer' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?report=sales-by-customer');
    expect(api.requestsTo(SALES).at(-1)!.query.get('group_by')).toBe('customer');

    await user.selectOptions(screen.getByLabelText('Period'), 'Last month');
    await waitFor(() => expect(api.requestsTo(SALES).at(-1)!.query.get('period')).toBe('LAST_MONTH'));
    expect(api.requestsTo(SALES).at(-1)!.query.get('group_by')).toBe('customer');
    expect(router.state.location.search).toBe('?report=sales-by-customer&period=LAST_MONTH');

    // Custom dates start from the days on screen, so they are a period at once.
    await user.selectOptions(screen.getByLabelText('Period'), 'Custom dates');
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-02');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(api.requestsTo(SALES).at(-1)!.query.get('from')).toBe('2026-03-10'));
    const last = api.requestsTo(SALES).at(-1)!.query;
    expect(last.get('to')).toBe('2026-03-31');
    expect(last.get('period')).toBeNull();
    expect(router.state.location.search).toBe('?report=sales-by-customer&from=2026-03-10&to=2026-03-31');

    // The period carries to the next report.
    await user.click(screen.getByRole('tab', { name: 'GST summary' }));
    expect(router.state.location.search).toBe('?report=gst&from=2026-03-10&to=2026-03-31');
  });

  it('opens the report and period a link names', async () => {
    const api = stubReportsApi({ [GST]: () => jsonResponse(200, gstSummary()) });
    renderReports('/reports?report=gst&period=THIS_YEAR');

    expect(screen.getByRole('tab', { name: 'GST summary' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'GST by month' })).toBeInTheDocument();
    expect(screen.getByLabelText('Period')).toHaveValue('THIS_YEAR');
    expect(api.requestsTo(GST)[0]!.query.get('period')).toBe('THIS_YEAR');
    expect(api.requestsTo(SALES)).toEqual([]);
  });

  it('moves between reports with the arrow keys', async () => {
    stubReportsApi(bySalesGrouping());
    const { router } = renderReports('/reports');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Sales by product' });

    screen.getByRole('tab', { name: 'Sales by product' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sales by customer' })).toHaveFocus();
    await waitFor(() => expect(router.state.location.search).toBe('?report=sales-by-customer'));
  });

  it('asks nothing for custom dates that are not a period, and says why', async () => {
    const api = stubReportsApi(bySalesGrouping());
    renderReports('/reports?from=2026-03-31&to=2026-03-01');

    expect(await screen.findByText('The last day is before the first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(api.requestsTo(SALES)).toEqual([]);
  });

  it('offers to try again when a report cannot be loaded, and then shows it', async () => {
    let calls = 0;
    stubReportsApi({
      [SALES]: () =>
        ++calls === 1
          ? jsonResponse(429, { error_code: 'RATE_LIMITED', message: 'Try again shortly.' })
          : jsonResponse(200, salesByProduct()),
    });
    renderReports('/reports');

    const alert = (await screen.findByText('We could not load sales by product')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(alert).toHaveTextContent('Try again shortly.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Sales by product' })).toBeInTheDocument();
  });

  it('downloads the report on screen as CSV, with its query and every row', async () => {
    const downloads = captureDownloads();
    const csv = 'name,sku,count\nCafé Aroma,,2\n';
    const api = stubReportsApi({ ...bySalesGrouping(), [SALES_CSV]: () => csvResponse(csv) });
    renderReports('/reports?report=sales-by-customer&period=LAST_MONTH');
    await screen.findByRole('table', { name: 'Sales by customer' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(await downloads.saved[0]!.blob.text()).toBe(csv);
    // Named by the days the report on screen covers.
    expect(downloads.saved[0]!.filename).toBe('sales-by-customer-2026-03-02-to-2026-03-31.csv');
    const [request] = api.requestsTo(SALES_CSV);
    expect(request!.query.get('group_by')).toBe('customer');
    expect(request!.query.get('period')).toBe('LAST_MONTH');
    // The table's row limit is not the file's: the CSV has every row.
    expect(request!.query.get('limit')).toBeNull();
  });

  it('downloads aging as of its day, with no period', async () => {
    const downloads = captureDownloads();
    const api = stubReportsApi({
      [AGING]: () => jsonResponse(200, agingReport()),
      [AGING_CSV]: () => csvResponse('customer,orders\n'),
    });
    renderReports('/reports?report=aging&period=LAST_MONTH');
    await screen.findByRole('table', { name: 'Owed by customer' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0]!.filename).toBe('receivables-aging-2026-03-31.csv');
    expect([...api.requestsTo(AGING_CSV)[0]!.query.keys()]).toEqual([]);
  });
});
