import { MAX_IMPORT_CSV_CHARS } from '@tradeport/contract';
import { describe, expect, it, vi } from 'vitest';
import { readImportFile } from './import-file.ts';

const fileOf = (text: string, name = 'products.csv', size = text.length) => ({
  name,
  type: name.endsWith('.csv') ? 'text/csv' : '',
  size,
  text: vi.fn(async () => text),
});

describe('readImportFile', () => {
  it('reads a CSV, dropping the byte-order mark spreadsheets add', async () => {
    await expect(readImportFile(fileOf('\uFEFFsku,name\nA,B\n'))).resolves.toEqual({
      ok: true,
      csv: 'sku,name\nA,B\n',
    });
  });

  it('refuses other files and empty ones', async () => {
    await expect(readImportFile(fileOf('a', 'products.xlsx'))).resolves.toEqual({
      ok: false,
      message: 'Choose a .csv file.',
    });
    await expect(readImportFile(fileOf(''))).resolves.toMatchObject({
      ok: false,
      message: 'The file is empty.',
    });
    await expect(readImportFile(fileOf(' \n '))).resolves.toMatchObject({ ok: false });
  });

  it('refuses more characters than the contract takes', async () => {
    const read = await readImportFile(fileOf('x'.repeat(MAX_IMPORT_CSV_CHARS + 1)));
    expect(read).toMatchObject({ ok: false, message: expect.stringContaining('larger than 8 MB') });
    await expect(readImportFile(fileOf('x'.repeat(MAX_IMPORT_CSV_CHARS)))).resolves.toMatchObject({
      ok: true,
    });
  });

  it('refuses a file far too large without reading it', async () => {
    const file = fileOf('', 'huge.csv', MAX_IMPORT_CSV_CHARS * 3 + 1);
    await expect(readImportFile(file)).resolves.toMatchObject({ ok: false });
    expect(file.text).not.toHaveBeenCalled();
  });
});
