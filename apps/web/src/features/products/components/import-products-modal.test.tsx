import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeHandler } from '#testing/fake-api.ts';
import {
  bulkResult,
  json,
  page,
  productFixture,
  renderProducts,
  stubProductsApi,
} from '../testing/products-api-stub.tsx';
import { bulkProducts, listProducts, PRODUCT_CSV_COLUMNS } from '@tradeport/contract';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = route(listProducts, { id: harbour.id });
const IMPORT = route(bulkProducts, { id: harbour.id });
const CSV = 'sku,name,base_price\nMILK-2L,Full Cream Milk 2L,12.50\nBUT,Butter,4\nOAT-1L,Oat Milk,abc\n';

async function openImport(handler: FakeHandler) {
  const api = stubProductsApi({ [LIST]: () => page([productFixture()]), [IMPORT]: handler });
  renderProducts('/products');
  await screen.findByRole('link', { name: 'Full Cream Milk 2L' });
  await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Import products' }));
  return { api, dialog };
}

const csvFile = (text = CSV) => new File([text], 'products.csv', { type: 'text/csv' });

describe('ImportProductsModal', () => {
  it('runs a dry run first and lists the bad rows by line, with the import held back', async () => {
    const { api, dialog } = await openImport(() =>
      json(
        200,
        bulkResult({
          created: 2,
          errors: [{ line: 4, column: 'base_price', message: 'Enter a price in dollars, like 12.50' }],
        }),
      ),
    );

    // The drop area is a button too, for the keyboard and screen readers.
    expect(dialog.getByRole('button', { name: 'Choose the file to import' })).toBeInTheDocument();
    await userEvent.upload(dialog.getByLabelText('CSV file'), csvFile());

    const problems = within(await dialog.findByRole('table', { name: 'Problems in the file' }));
    const row = within(
      problems.getByText('Enter a price in dollars, like 12.50').closest('tr') as HTMLElement,
    );
    expect(row.getByText('4')).toBeInTheDocument();
    expect(row.getByText('base_price')).toBeInTheDocument();
    expect(dialog.getByText('1 problem in the file')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(api.requestsTo(IMPORT).map((request) => request.body)).toEqual([
      { action: 'import', csv: CSV, dry_run: true },
    ]);
  });

  it('imports a clean file after its dry run, then refreshes the list', async () => {
    const { api, dialog } = await openImport((request) => {
      const isDryRun = (request.body as { dry_run: boolean }).dry_run;
      return json(
        200,
        bulkResult({ is_written: !isDryRun, created: 2, updated: 1, unchanged: 5, new_brands: ['Oatly'] }),
      );
    });

    await userEvent.upload(dialog.getByLabelText('CSV file'), csvFile());

    expect(await dialog.findByText('The file is ready to import')).toBeInTheDocument();
    expect(
      dialog.getByText(
        '2 new products to create, 1 existing product to update, 5 unchanged (matched by SKU).',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByText('1 new brand: Oatly')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Import 3 products' }));

    expect(await dialog.findByText('Import complete')).toBeInTheDocument();
    expect(dialog.getByText('2 products created, 1 product updated, 5 unchanged.')).toBeInTheDocument();
    expect(api.requestsTo(IMPORT).map((request) => (request.body as { dry_run: boolean }).dry_run)).toEqual([
      true,
      false,
    ]);
    await waitFor(() => expect(api.requestsTo(LIST)).toHaveLength(2));
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says an unchanged file changes nothing, and offers no import', async () => {
    const { dialog } = await openImport(() => json(200, bulkResult({ unchanged: 203 })));

    await userEvent.upload(dialog.getByLabelText('CSV file'), csvFile());

    expect(
      await dialog.findByText(
        'All 203 products in the file are unchanged (matched by SKU): nothing to import.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('downloads a template with the import’s columns and one example row, without a call', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:template';
        },
        revokeObjectURL: () => {},
      }),
    );
    const { api, dialog } = await openImport(() => json(200, bulkResult()));

    await userEvent.click(dialog.getByRole('button', { name: 'Download template' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await blobs[0]!.text()).split('\r\n');
    expect(lines[0]).toBe(PRODUCT_CSV_COLUMNS.join(','));
    expect(lines[1]?.split(',')).toHaveLength(PRODUCT_CSV_COLUMNS.length);
    expect(api.requestsTo(IMPORT)).toHaveLength(0);
  });

  it('refuses a file that is not a CSV without sending it', async () => {
    const { api, dialog } = await openImport(() => json(200, bulkResult()));

    // fireEvent, not userEvent: the picker's accept filter would drop the file before the check.
    fireEvent.change(dialog.getByLabelText('CSV file'), {
      target: { files: [new File(['x'], 'products.xlsx', { type: 'application/vnd.ms-excel' })] },
    });

    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose a .csv file.');
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(api.requestsTo(IMPORT)).toHaveLength(0);
  });
});
