import { Table } from '@mantine/core';
import type { AmountColumn } from '../model/amount-column.ts';

// The figures of a report's table row and its totals footer, one column definition for both: the
// sales, GST and aging tables each list their columns once and render rows and totals from them.

const MONEY_CELL = { whiteSpace: 'nowrap' } as const;

export function AmountHeadings<T>(props: { columns: AmountColumn<T>[] }) {
  return props.columns.map((column) => (
    <Table.Th key={column.label} scope="col" ta="right">
      {column.label}
    </Table.Th>
  ));
}

export function AmountCells<T>(props: { columns: AmountColumn<T>[]; amounts: T; bold?: boolean }) {
  return props.columns.map((column) => (
    <Table.Td
      key={column.label}
      ta="right"
      data-label={column.label}
      style={MONEY_CELL}
      {...(props.bold ? { fw: 700 } : {})}
    >
      {column.value(props.amounts)}
    </Table.Td>
  ));
}

/** The table's "Total" row: the report's totals (every row's), after `blankCells` empty cells. */
export function TotalsFooter<T>(props: { columns: AmountColumn<T>[]; totals: T; blankCells?: number }) {
  return (
    <Table.Tfoot>
      <Table.Tr>
        <Table.Th scope="row">Total</Table.Th>
        {Array.from({ length: props.blankCells ?? 0 }, (_, index) => (
          <Table.Td key={index} />
        ))}
        <AmountCells columns={props.columns} amounts={props.totals} bold />
      </Table.Tr>
    </Table.Tfoot>
  );
}
