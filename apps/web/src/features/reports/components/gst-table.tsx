import { Table, Text } from '@mantine/core';
import type { GstReport } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { periodLabel } from '#shared/period/period.ts';
import { isWholeMonth, monthName } from '../model/months.ts';

type GstAmounts = GstReport['totals'];

const COLUMNS: { label: string; value: (amounts: GstAmounts) => string }[] = [
  { label: 'Orders', value: (amounts) => amounts.order_count.toLocaleString('en-AU') },
  { label: 'Total sales (G1)', value: (amounts) => formatMoney(amounts.total_sales_cents) },
  { label: 'GST on sales (1A)', value: (amounts) => formatMoney(amounts.gst_cents) },
  { label: 'GST-free sales (G3)', value: (amounts) => formatMoney(amounts.gst_free_sales_cents) },
  { label: 'Taxable sales ex GST', value: (amounts) => formatMoney(amounts.taxable_sales_cents) },
];

const MONEY_CELL = { whiteSpace: 'nowrap' } as const;

/**
 * The BAS figures month by month, and the period's totals in the footer. A month the period cuts
 * short says which of its days are counted, so a quarter's BAS is not read from part of a month.
 */
export function GstTable(props: { report: GstReport }) {
  const { report } = props;
  return (
    <Table.ScrollContainer minWidth={760} className="cards-on-phone">
      <Table verticalSpacing="xs" captionSide="top" striped>
        <Table.Caption ta="left">GST by month</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Month</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column.label} scope="col" ta="right">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.by_month.map((row) => (
            <Table.Tr key={row.month}>
              <Table.Th scope="row" fw={500}>
                {monthName(row.month)}
                {!isWholeMonth(row.month, row.period) && (
                  <Text span display="block" size="xs" c="dimmed">
                    {periodLabel(row.period)}
                  </Text>
                )}
              </Table.Th>
              {COLUMNS.map((column) => (
                <Table.Td key={column.label} ta="right" data-label={column.label} style={MONEY_CELL}>
                  {column.value(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Td key={column.label} ta="right" data-label={column.label} fw={700} style={MONEY_CELL}>
                {column.value(report.totals)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
