import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCsvRow, protectCell, unprotectCell } from '@tradeport/contract';
import { CsvSyntaxError, parseCsv, parseWholeNumber, parseYesNo } from './product-csv.ts';

const cellsOf = (text: string) => parseCsv(text).map((record) => record.cells);

describe('parseCsv', () => {
  it('reads plain rows, with or without a trailing newline', () => {
    expect(cellsOf('a,b,c\n1,2,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(cellsOf('a,b,c\n1,2,3\n')).toEqual(cellsOf('a,b,c\n1,2,3'));
    expect(cellsOf('a,,c\n,,\n')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ]);
  });

  it('reads CRLF, LF and a lone CR alike, and drops a byte-order mark', () => {
    expect(cellsOf('\uFEFFsku,name\r\nA1,Milk\r\n')).toEqual([
      ['sku', 'name'],
      ['A1', 'Milk'],
    ]);
    expect(cellsOf('a\rb\nc\r\n')).toEqual([['a'], ['b'], ['c']]);
  });

  it('reads quoted values with commas, doubled quotes and line breaks', () => {
    const records = parseCsv(
      'sku,description\r\nA1,"Full cream, 2 L"\r\nA2,"Say ""cheese"""\r\nA3,"two\nlines"\r\nA4,""\r\n',
    );
    expect(records.map((record) => record.cells)).toEqual([
      ['sku', 'description'],
      ['A1', 'Full cream, 2 L'],
      ['A2', 'Say "cheese"'],
      ['A3', 'two\nlines'],
      ['A4', ''],
    ]);
    // Each record's line is where it starts; the two-line value pushes A4 down a line.
    expect(records.map((record) => record.line)).toEqual([1, 2, 3, 4, 6]);
  });

  it('keeps blank lines as one empty cell, for the reader to skip', () => {
    expect(parseCsv('a\n\nb\n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: [''] },
      { line: 3, cells: ['b'] },
    ]);
  });

  it('refuses an unclosed quote or text after a closing quote, naming the line', () => {
    const lineOfError = (text: string) => {
      try {
        parseCsv(text);
      } catch (error) {
        expect(error).toBeInstanceOf(CsvSyntaxError);
        return { line: (error as CsvSyntaxError).line, message: (error as Error).message };
      }
      throw new Error('expected a syntax error');
    };
    expect(lineOfError('a\n"open,b\nc')).toEqual({ line: 2, message: 'A quoted value is never closed.' });
    expect(lineOfError('a\nb\n"x"y,z').line).toBe(3);
    expect(lineOfError('a\n"two\nlines"!').line).toBe(3);
  });

  it('reads back whatever formatCsvRow writes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          // A row of one empty cell is a blank line, which the format cannot tell from nothing.
          fc.pre(rows.every((row) => row.length > 1 || row[0] !== ''));
          const text = rows.map(formatCsvRow).join('');
          expect(cellsOf(text).map((cells) => cells.map(unprotectCell))).toEqual(rows);
        },
      ),
    );
  });
});

describe('formatCsvRow', () => {
  it('quotes only what needs it and ends with CRLF', () => {
    expect(formatCsvRow(['A1', 'Milk, full cream', 'Say "hi"', 'two\nlines', ' padded'])).toBe(
      'A1,"Milk, full cream","Say ""hi""","two\nlines"," padded"\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as formulas, and the import undoes it', () => {
    for (const formula of ['=SUM(A1)', '+61 400', '-5', '@cmd', "'=already"]) {
      const written = protectCell(formula);
      expect(written.startsWith("'")).toBe(true);
      expect(unprotectCell(written)).toBe(formula);
    }
    expect(protectCell('Milk')).toBe('Milk');
    expect(unprotectCell("'quoted")).toBe("'quoted");
  });
});

// Dollars are read and written by the contract's parseDollars/formatDollars (money.test.ts).
describe('flags and whole numbers', () => {
  it('reads yes/no words and whole numbers', () => {
    expect(['true', 'YES', 'y', '1'].map(parseYesNo)).toEqual([true, true, true, true]);
    expect(['false', 'No', 'n', '0'].map(parseYesNo)).toEqual([false, false, false, false]);
    expect(parseYesNo('maybe')).toBeUndefined();
    expect(parseWholeNumber(' 12 ')).toBe(12);
    expect(['1.5', '-2', '1e3', 'ten'].map(parseWholeNumber)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
