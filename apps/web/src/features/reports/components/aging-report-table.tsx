import { Anchor, Table } from '@mantine/core';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingReport, type AgingBucket } from '@tradeport/contract';
import { Link } from 'react-router';
import { formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';

type AgingAmounts = AgingReport['totals'];

const amountIn = (amounts: AgingAmounts, bucket: AgingBucket) =>
  amounts.aging.find((row) => row.bucket === bucket)?.amount_cents ?? 0;

const COLUMNS: { label: string; value: (amounts: AgingAmounts) => string }[] = [
  { label: 'Invoices', value: (amounts) => amounts.order_count.toLocaleString('en-AU') },
  { label: 'Owed', value: (amounts) => formatMoney(amounts.owed_cents) },
  { label: 'Overdue', value: (amounts) => formatMoney(amounts.overdue_cents) },
  ...AGING_BUCKETS.map((bucket) => ({
    label: AGING_BUCKET_LABELS[bucket],
    value: (amounts: AgingAmounts) => formatMoney(amountIn(amounts, bucket)),
  })),
];

const MONEY_CELL = { whiteSpace: 'nowrap' } as const;

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
            {COLUMNS.map((column) => (
              <Table.Th key={column.label} scope="col" ta="right">
                {column.label}
              </Table.Th>
            ))}
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
