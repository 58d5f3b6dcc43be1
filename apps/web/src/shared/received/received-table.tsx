import { Table } from '@mantine/core';
import { formatMoney } from '#lib/format.ts';
import type { ReceivedRow } from './received.ts';

/** The chart's figures as a table: a row per method, then the total received as its footer. */
export function ReceivedTable(props: {
  rows: readonly ReceivedRow[];
  totalCents: number;
  totalCount: number;
}) {
  return (
    <Table.ScrollContainer minWidth={360} className="cards-on-phone">
      <Table aria-label="Received by method" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Method</Table.Th>
            <Table.Th scope="col" ta="right">
              Payments
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Received
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={row.method}>
              <Table.Th scope="row" fw={400}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right" data-label="Payments">
                {row.payment_count.toLocaleString('en-AU')}
              </Table.Td>
              <Table.Td ta="right" data-label="Received" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.amount_cents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td ta="right" data-label="Payments" fw={700}>
              {props.totalCount.toLocaleString('en-AU')}
            </Table.Td>
            <Table.Td ta="right" data-label="Received" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(props.totalCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
