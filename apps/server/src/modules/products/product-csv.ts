// CSV as RFC 4180 writes it (quoted fields, doubled quotes, CRLF) and as spreadsheets save it
// (a byte-order mark, bare LF line ends, a trailing newline). Pure. Writing (formatCsvRow and its
// formula protection) is in the contract's csv.ts, which the export and the web's template share;
// whatever they write, this reads back unchanged.

export type CsvRecord = {
  /** 1-based line in the file where the record starts (a quoted field may span lines). */
  line: number;
  cells: string[];
};

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const BOM = '\uFEFF';

/** Every record of a CSV text, blank lines included (a blank line is one empty cell). */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let index = 0;

  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  const skipLineEnd = () => {
    // CRLF, LF or a lone CR: each is one line end.
    index += input[index] === '\r' && input[index + 1] === '\n' ? 2 : 1;
    line += 1;
    recordLine = line;
  };

  while (index < input.length) {
    const char = input[index]!;
    if (char === '"' && cell === '') {
      const openedOn = line;
      index += 1;
      for (;;) {
        if (index >= input.length) throw new CsvSyntaxError(openedOn, 'A quoted value is never closed.');
        const inner = input[index]!;
        if (inner === '"') {
          if (input[index + 1] === '"') {
            cell += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        if (inner === '\n' || (inner === '\r' && input[index + 1] !== '\n')) line += 1;
        cell += inner;
        index += 1;
      }
      const next = input[index];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError(line, 'Text follows a closing quote; put the whole value in quotes.');
      }
      if (next === ',') {
        cells.push(cell);
        cell = '';
        index += 1;
      } else if (next === undefined) {
        break;
      } else {
        endRecord();
        skipLineEnd();
      }
      continue;
    }
    if (char === ',') {
      cells.push(cell);
      cell = '';
      index += 1;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      skipLineEnd();
    } else {
      cell += char;
      index += 1;
    }
  }
  // The last record, unless the text ended with a line end (a trailing newline is not a record).
  if (cell !== '' || cells.length > 0 || (input.length > 0 && !/[\r\n]$/.test(input))) endRecord();
  return records;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

export function parseYesNo(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** A whole number written plainly ("12"); undefined for "1.5", "1e3", "-2" or words. */
export function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}
