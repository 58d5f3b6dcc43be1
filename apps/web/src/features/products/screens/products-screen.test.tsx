import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_THEME } from '@mantine/core';
import { bulkProducts, exportProducts, listProducts, ORGANISATION_HEADER } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { harbour, idOf } from '#testing/fixtures.ts';
import {
  ACME,
  bulkResult,
  json,
  MILK_ID,
  page,
  paramsOf,
  productFixture,
  renderProducts,
  stubProductsApi,
} from '../testing/products-api-stub.tsx';
import { route } from '#testing/fake-api.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LIST = route(listProducts, { id: harbour.id });
const BEANS_ID = idOf(2);
const beans = productFixture({
  id: BEANS_ID,
  name: 'Espresso Beans 1kg',
  sku: 'BEAN-1KG',
  brand: null,
  category: null,
  unit_of_measure: null,
  base_price_cents: 3_499_95,
  image: 'https://cdn.example.com/beans.png',
  is_active: false,
});
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

/**
 * The Mantine colour a light tint names (`var(--mantine-color-teal-light)` → teal) and its shades:
 * what a colour comparison needs, since the test environment writes no CSS for the variables.
 * Anything else (the primary colour's alias, a raw value) is not a named colour and fails.
 */
function lightTintOf(value: string) {
  const name = /^var\(--mantine-color-([a-z]+)-light\)$/.exec(value.trim())?.[1];
  return { name, shades: name ? DEFAULT_THEME.colors[name] : undefined };
}

describe('ProductsScreen', () => {
  it('lists the products with their price in AUD, unit and status', async () => {
    const api = stubProductsApi({ [LIST]: () => page([productFixture(), beans]) });
    renderProducts('/products');

    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Full Cream Milk 2L' })).toHaveAttribute(
      'href',
      `/products/${MILK_ID}`,
    );
    const milk = within(rowOf('Full Cream Milk 2L'));
    expect(milk.getByText('MILK-2L')).toBeInTheDocument();
    expect(milk.getByText('Acme Dairy')).toBeInTheDocument();
    expect(milk.getByText('Dairy')).toBeInTheDocument();
    expect(milk.getByText('L')).toBeInTheDocument();
    expect(milk.getByText('$12.50')).toBeInTheDocument();
    expect(milk.getByText('Active')).toBeInTheDocument();
    const bean = within(rowOf('Espresso Beans 1kg'));
    expect(bean.getByText('$3,499.95')).toBeInTheDocument();
    expect(bean.getByText('Archived')).toBeInTheDocument();

    const [request] = api.requestsTo(LIST);
    expect(paramsOf(request!).toString()).toBe(
      'limit=50&status=active&sort=name&direction=asc&with_total=true',
    );
    expect(request?.headers.get(ORGANISATION_HEADER)).toBe(harbour.id);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page with the cursor of the last one', async () => {
    const api = stubProductsApi({
      [LIST]: (request) =>
        paramsOf(request).get('cursor') === 'next-1' ? page([beans]) : page([productFixture()], 'next-1'),
    });
    renderProducts('/products');

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Espresso Beans 1kg' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 products')).toBeInTheDocument();
    expect(api.requestsTo(LIST).map((request) => paramsOf(request).get('cursor'))).toEqual([null, 'next-1']);
  });

  it('searches on the server from two characters, and filters by brand and status', async () => {
    const api = stubProductsApi({ [LIST]: () => page([productFixture()]) });
    const { router } = renderProducts('/products');
    await screen.findByRole('link', { name: 'Full Cream Milk 2L' });
    const sent = (name: string) => api.requestsTo(LIST).map((request) => paramsOf(request).get(name));

    const box = screen.getByRole('searchbox', { name: 'Search products' });
    // The debounce is waited out on a fake clock; shouldAdvanceTime keeps everything else moving.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.type(box, 'm');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(sent('search')).toEqual([null]);
    await userEvent.type(box, 'i');
    await waitFor(() => expect(sent('search')).toEqual([null, 'mi']));

    await userEvent.click(screen.getByRole('combobox', { name: 'Brand' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Dairy' }));
    await waitFor(() => expect(sent('brand_id').at(-1)).toBe(ACME.id));
    expect(paramsOf(api.requestsTo(LIST).at(-1)!).get('search')).toBe('mi');

    await userEvent.click(screen.getByRole('radio', { name: 'Archived' }));
    await waitFor(() => expect(sent('status').at(-1)).toBe('archived'));
    expect(new URLSearchParams(router.state.location.search).get('brand')).toBe(ACME.id);
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('archived');

    await userEvent.click(screen.getByRole('button', { name: 'Clear brand' }));
    await waitFor(() => expect(sent('brand_id').at(-1)).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('');
  });

  it('archives the selected products in one call', async () => {
    const api = stubProductsApi({
      [LIST]: () =>
        page([productFixture(), beans, productFixture({ id: idOf(3), name: 'Butter', sku: 'BUT' })]),
      [route(bulkProducts, { id: harbour.id })]: () =>
        json(200, bulkResult({ action: 'archive', is_written: true, archived: 2 })),
    });
    renderProducts('/products');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Full Cream Milk 2L' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Butter' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk actions' }));
    expect(bar.getByText('2 products selected')).toBeInTheDocument();
    await userEvent.click(bar.getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(api.requestsTo(route(bulkProducts, { id: harbour.id }))).toHaveLength(1));
    expect(api.requestsTo(route(bulkProducts, { id: harbour.id }))[0]?.body).toEqual({
      action: 'archive',
      product_ids: [MILK_ID, idOf(3)],
    });
    expect(await screen.findByText('2 products archived')).toBeInTheDocument();
    // The list is read again, and nothing stays selected.
    await waitFor(() => expect(api.requestsTo(LIST)).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('selects every product shown at once', async () => {
    stubProductsApi({ [LIST]: () => page([productFixture(), beans]) });
    renderProducts('/products');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all products shown' }));

    expect(screen.getByRole('checkbox', { name: 'Select Full Cream Milk 2L' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Espresso Beans 1kg' })).toBeChecked();
    expect(screen.getByText('2 products selected')).toBeInTheDocument();
  });

  it('asks before deleting, shows why used products cannot go, and archives them instead', async () => {
    const refusal = 'Full Cream Milk 2L is used by 4 orders and cannot be deleted.';
    const api = stubProductsApi({
      [LIST]: () => page([productFixture(), beans]),
      [route(bulkProducts, { id: harbour.id })]: (request) =>
        (request.body as { action: string }).action === 'delete'
          ? json(409, { error_code: 'CONFLICT', message: refusal })
          : json(200, bulkResult({ action: 'archive', is_written: true, archived: 1 })),
    });
    renderProducts('/products');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Full Cream Milk 2L' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete 1 product?' }));
    expect(api.requestsTo(route(bulkProducts, { id: harbour.id }))).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await dialog.findByText(refusal)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
    // Shown in the dialog only, not as a toast as well.
    expect(screen.queryByText(/CONFLICT/)).toBeNull();

    await userEvent.click(dialog.getByRole('button', { name: 'Archive instead' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(route(bulkProducts, { id: harbour.id })).map((request) => request.body)).toEqual([
      { action: 'delete', product_ids: [MILK_ID] },
      { action: 'archive', product_ids: [MILK_ID] },
    ]);
  });

  it('keeps the status visible on a selected row, and offers only the actions that apply', async () => {
    stubProductsApi({ [LIST]: () => page([productFixture(), beans]) });
    renderProducts('/products');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Full Cream Milk 2L' }));
    const row = rowOf('Full Cream Milk 2L');
    const badge = within(row).getByText('Active').closest('.mantine-Badge-root') as HTMLElement;
    // The selected row's colour is not the badge's own, so the badge does not melt into it:
    // compared as the theme colours (names and shades) the two tints are, not as strings.
    const rowTint = lightTintOf(row.style.background || row.style.backgroundColor);
    const badgeTint = lightTintOf(badge.style.getPropertyValue('--badge-bg'));
    expect(rowTint.shades).toBeDefined();
    expect(badgeTint).toMatchObject({ name: 'teal' });
    expect(rowTint.name).not.toBe(badgeTint.name);
    expect(rowTint.shades).not.toEqual(badgeTint.shades);
    const bar = within(screen.getByRole('region', { name: 'Bulk actions' }));
    expect(bar.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(bar.queryByRole('button', { name: 'Restore' })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Espresso Beans 1kg' }));
    expect(bar.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Full Cream Milk 2L' }));
    expect(bar.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(bar.queryByRole('button', { name: 'Archive' })).toBeNull();
  });

  it('shows how many products match and sorts by a column, either way, on the server', async () => {
    const api = stubProductsApi({ [LIST]: () => page([productFixture(), beans], 'next-1', 1234) });
    renderProducts('/products');

    expect(await screen.findByText('1,234 products')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sort by base price' }));
    await waitFor(() => expect(paramsOf(api.requestsTo(LIST).at(-1)!).get('sort')).toBe('price'));
    expect(paramsOf(api.requestsTo(LIST).at(-1)!).get('direction')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /base price/i })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sort by base price' }));
    await waitFor(() => expect(paramsOf(api.requestsTo(LIST).at(-1)!).get('direction')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: /base price/i })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    for (const name of ['name', 'SKU', 'updated']) {
      expect(screen.getByRole('button', { name: `Sort by ${name}` })).toBeInTheDocument();
    }
  });

  it('sorts the cards on a phone by a labelled sort and order, kept in the URL as the headings keep it', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    }));
    try {
      const api = stubProductsApi({ [LIST]: () => page([productFixture(), beans]) });
      renderProducts('/products?sort=updated&dir=desc');

      await screen.findByRole('list', { name: 'Products' });
      expect(screen.queryByRole('table', { name: 'Products' })).toBeNull();
      const sort = screen.getByRole('combobox', { name: 'Sort by' });
      const direction = screen.getByRole('combobox', { name: 'Order' });
      expect(sort).toHaveValue('updated');
      expect(direction).toHaveValue('desc');

      await userEvent.selectOptions(sort, 'Base price');
      await waitFor(() => expect(paramsOf(api.requestsTo(LIST).at(-1)!).get('sort')).toBe('price'));
      expect(paramsOf(api.requestsTo(LIST).at(-1)!).get('direction')).toBe('desc');
      await userEvent.selectOptions(direction, 'Ascending');
      await waitFor(() => expect(paramsOf(api.requestsTo(LIST).at(-1)!).get('direction')).toBe('asc'));
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('selects all N matching for a bulk action, which the server applies to the filter', async () => {
    const BULK = route(bulkProducts, { id: harbour.id });
    const api = stubProductsApi({
      [LIST]: () => page([productFixture(), productFixture({ id: idOf(3), name: 'Butter' })], 'next-1', 240),
      [BULK]: () => json(200, bulkResult({ action: 'archive', is_written: true, archived: 240 })),
    });
    renderProducts('/products?q=milk');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all products shown' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk actions' }));
    await userEvent.click(bar.getByRole('button', { name: 'Select all 240 matching products' }));
    expect(bar.getByText('All 240 matching products selected')).toBeInTheDocument();
    // Active products only (the list's status): Restore does not apply.
    expect(bar.queryByRole('button', { name: 'Restore' })).toBeNull();
    await userEvent.click(bar.getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(api.requestsTo(BULK)).toHaveLength(1));
    expect(api.requestsTo(BULK)[0]?.body).toEqual({
      action: 'matching',
      apply: 'archive',
      filters: { status: 'active', search: 'milk' },
      expected_total: 240,
    });
    expect(await screen.findByText('240 products archived')).toBeInTheDocument();
  });

  it('says so in the bar and refreshes the list when the filter now matches another number', async () => {
    const BULK = route(bulkProducts, { id: harbour.id });
    let total = 240;
    const message = 'The products matching this filter changed: 241 now match. Review and try again.';
    const api = stubProductsApi({
      [LIST]: () =>
        page([productFixture(), productFixture({ id: idOf(3), name: 'Butter' })], 'next-1', total),
      [BULK]: () => {
        total = 241;
        return json(409, {
          error_code: 'CONFLICT',
          message,
          details: [{ path: 'body.expected_total', message }],
        });
      },
    });
    renderProducts('/products?q=milk');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all products shown' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk actions' }));
    await userEvent.click(bar.getByRole('button', { name: 'Select all 240 matching products' }));
    await userEvent.click(bar.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete 240 products?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await bar.findByRole('alert')).toHaveTextContent(message);
    expect(api.requestsTo(BULK)[0]?.body).toMatchObject({ action: 'matching', expected_total: 240 });
    // The list is asked again, and the bar shows the number that matches now.
    expect(await bar.findByText('All 241 matching products selected')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('invites the first product when there are none', async () => {
    stubProductsApi({ [LIST]: () => page([]) });
    renderProducts('/products');

    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create product' })).toHaveLength(2);
    await userEvent.click(screen.getAllByRole('button', { name: 'Import CSV' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Import products' })).toBeInTheDocument();
  });

  it('says when nothing matches and clears the filters', async () => {
    const api = stubProductsApi({
      [LIST]: (request) => (paramsOf(request).has('search') ? page([]) : page([productFixture()])),
    });
    renderProducts('/products?q=zzz');

    expect(await screen.findByText('No products match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('link', { name: 'Full Cream Milk 2L' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    expect(api.requestsTo(LIST).map((request) => paramsOf(request).get('search'))).toContain('zzz');
  });

  it('shows a skeleton while loading, and a retry when the list fails', async () => {
    let calls = 0;
    let answer: (response: Response) => void = () => {};
    const api = stubProductsApi({
      [LIST]: () => (++calls === 1 ? new Promise((resolve) => (answer = resolve)) : page([productFixture()])),
    });
    renderProducts('/products');

    await waitFor(() => expect(api.requestsTo(LIST)).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    answer(json(429, { error_code: 'RATE_LIMITED', message: 'Too many requests; try again shortly.' }));
    expect(await screen.findByText('We could not load your products')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Full Cream Milk 2L' })).toBeInTheDocument();
  });

  it('exports the current filters as CSV', async () => {
    const csv = 'sku,name\nMILK-2L,Full Cream Milk 2L\n';
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:products';
        },
        revokeObjectURL: () => {},
      }),
    );
    const api = stubProductsApi({
      [LIST]: () => page([productFixture()]),
      [route(exportProducts, { id: harbour.id })]: () =>
        new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    renderProducts('/products?status=all&q=milk');
    await screen.findByRole('link', { name: 'Full Cream Milk 2L' });

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(await blobs[0]!.text()).toBe(csv);
    const [request] = api.requestsTo(route(exportProducts, { id: harbour.id }));
    expect(paramsOf(request!).get('status')).toBe('all');
    expect(paramsOf(request!).get('search')).toBe('milk');
    expect(request?.headers.get('authorization')).toBe('Bearer stored-token');
  });
});
