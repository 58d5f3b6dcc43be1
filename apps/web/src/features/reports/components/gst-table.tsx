import { Table, Text } from '@mantine/core';
import type { GstReport } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { periodLabel } from '#shared/period/period.ts';
import { isWholeMonth, monthName } from '../model/months.ts';
import type { AmountColumn } from '../model/amount-column.ts';
import { AmountCells, AmountHeadings, TotalsFooter } from './amount-cells.tsx';

type GstAmounts = GstReport['totals'];

const COLUMNS: AmountColumn<GstAmounts>[] = [
  { label: 'Orders', value: (amounts) => amounts.order_count.toLocaleString('en-AU') },
  { label: 'Total sales (G1)', value: (amounts) => formatMoney(amounts.total_sales_cents) },
  { label: 'GST on sales (1A)', value: (amounts) => formatMoney(amounts.gst_cents) },
  { label: 'GST-free sales (G3)', value: (amounts) => formatMoney(amounts.gst_free_sales_cents) },
  { label: 'Taxable sales ex GST', value: (amounts) => formatMoney(amounts.taxable_sales_cents) },
];

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
            <AmountHeadings columns={COLUMNS} />
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
              <AmountCells columns={COLUMNS} amounts={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <TotalsFooter columns={COLUMNS} totals={report.totals} />
      </Table>
    </Table.ScrollContainer>
  );
}
