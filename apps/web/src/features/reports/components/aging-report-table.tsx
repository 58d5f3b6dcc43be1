import { Anchor, Table } from '@mantine/core';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingReport, type AgingBucket } from '@tradeport/contract';
import { Link } from 'react-router';
import { formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import type { AmountColumn } from '../model/amount-column.ts';
import { AmountCells, AmountHeadings, TotalsFooter } from './amount-cells.tsx';

type AgingAmounts = AgingReport['totals'];

const amountIn = (amounts: AgingAmounts, bucket: AgingBucket) =>
  amounts.aging.find((row) => row.bucket === bucket)?.amount_cents ?? 0;

const COLUMNS: AmountColumn<AgingAmounts>[] = [
  { label: 'Invoices', value: (amounts) => amounts.order_count.toLocaleString('en-AU') },
  { label: 'Owed', value: (amounts) => formatMoney(amounts.owed_cents) },
  { label: 'Overdue', value: (amounts) => formatMoney(amounts.overdue_cents) },
  ...AGING_BUCKETS.map((bucket) => ({
    label: AGING_BUCKET_LABELS[bucket],
    value: (amounts: AgingAmounts) => formatMoney(amountIn(amounts, bucket)),
  })),
];

/**
 * Each customer that owes anything, most owed first, split by how overdue; the footer is every
 * customer's total. A customer's name opens the outstanding list narrowed to its invoices.
 */
export function AgingReportTable(props: { report: AgingReport }) {
  const { report } = props;
  return (
    <Table.ScrollContainer minWidth={880} className="cards-on-phone">
      <Table verticalSpacing="xs" captionSide="top" striped highlightOnHover>
        <Table.Caption ta="left">Owed by customer</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Customer</Table.Th>
            <AmountHeadings columns={COLUMNS} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.customer_organisation_id}>
              <Table.Th scope="row" fw={500}>
                <Anchor
                  component={Link}
                  size="sm"
                  to={routePath('/payments/outstanding', undefined, {
                    customer: row.customer_organisation_id,
                    customer_name: row.name,
                  })}
                >
                  {row.name}
                </Anchor>
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
