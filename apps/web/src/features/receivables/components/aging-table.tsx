import { Anchor, Table } from '@mantine/core';
import { AGING_BUCKET_LABELS } from '@tradeport/contract';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import type { OwedFigures } from '../model/owed.ts';

/**
 * What is owed now by how long past due, a row per aging bucket; each bucket opens the
 * outstanding list narrowed to it (`search` adds what else that list needs, a customer's merchant).
 */
export function AgingTable(props: { figures: OwedFigures; search?: Record<string, string> }) {
  const { figures } = props;
  return (
    <Table.ScrollContainer minWidth={360} className="cards-on-phone">
      <Table aria-label="Outstanding by age" verticalSpacing="xs" captionSide="top">
        <Table.Caption ta="left">Days past the due date, on {formatDate(figures.as_of)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Age</Table.Th>
            <Table.Th scope="col" ta="right">
              Invoices
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Outstanding
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.aging.map((row) => (
            <Table.Tr key={row.bucket}>
              <Table.Th scope="row">
                <Anchor
                  size="sm"
                  component={Link}
                  to={routePath('/payments/outstanding', undefined, { ...props.search, aging: row.bucket })}
                >
                  {AGING_BUCKET_LABELS[row.bucket]}
                </Anchor>
              </Table.Th>
              <Table.Td ta="right" data-label="Invoices">
                {row.order_count.toLocaleString('en-AU')}
              </Table.Td>
              <Table.Td ta="right" data-label="Outstanding" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.amount_cents)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td ta="right" data-label="Invoices" fw={700}>
              {figures.outstanding_count.toLocaleString('en-AU')}
            </Table.Td>
            <Table.Td ta="right" data-label="Outstanding" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(figures.outstanding_cents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
