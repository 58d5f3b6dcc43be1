import { MAX_IMPORT_CSV_CHARS } from '@tradeport/contract';

export type ImportFileRead = { ok: true; csv: string } | { ok: false; message: string };

const TOO_LARGE = 'The file is larger than 8 MB. Split it into smaller files and import each.';
// A UTF-8 character takes at most 3 bytes per UTF-16 unit, so a file this large cannot fit: it is
// refused without being read into memory.
const MAX_BYTES = MAX_IMPORT_CSV_CHARS * 3;

function isCsv(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv';
}

/**
 * The text of a chosen CSV, checked before anything is sent: a .csv, not empty, and within the
 * contract's limit (which counts characters, hence the check after reading).
 */
export async function readImportFile(
  file: Pick<File, 'name' | 'type' | 'size' | 'text'>,
): Promise<ImportFileRead> {
  if (!isCsv(file)) return { ok: false, message: 'Choose a .csv file.' };
  if (file.size === 0) return { ok: false, message: 'The file is empty.' };
  if (file.size > MAX_BYTES) return { ok: false, message: TOO_LARGE };
  // Spreadsheets save CSV with a byte-order mark, which would otherwise stick to the first header.
  const csv = (await file.text()).replace(/^\uFEFF/, '');
  if (csv.trim() === '') return { ok: false, message: 'The file is empty.' };
  if (csv.length > MAX_IMPORT_CSV_CHARS) return { ok: false, message: TOO_LARGE };
  return { ok: true, csv };
}
