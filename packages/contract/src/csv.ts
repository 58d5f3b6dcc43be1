// Writing CSV the way Tradeport's files are read back: the export and the import template.

// A cell a spreadsheet would run as a formula. The export writes it behind a single quote (which
// spreadsheets show as text); the import takes that quote off again. Cells already starting with
// quotes before such a character get one more, so the round trip is exact.
const FORMULA_START = /^'*[=+\-@]/;

export function protectCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function unprotectCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One CSV line (CRLF-terminated), each cell protected against formulas and quoted when needed. */
export function formatCsvRow(cells: readonly string[]): string {
  return `${cells
    .map((raw) => {
      const value = protectCell(raw);
      return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
    })
    .join(',')}\r\n`;
}
