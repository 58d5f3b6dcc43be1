import { Anchor, Table, Text } from '@mantine/core';
import { SALES_GROUPING_LABELS, type SalesReport, type SalesReportRow } from '@tradeport/contract';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';
import { salesColumns } from '../model/sales-columns.ts';
import { SALES_ROW_NAMES } from '../model/sales-wording.ts';
import { AmountCells, AmountHeadings, TotalsFooter } from './amount-cells.tsx';

function RowName(props: { row: SalesReportRow; isProduct: boolean }) {
  const { row } = props;
  // "No category" and "No brand" (id null) are not records: named by the server, shown quieter.
  if (row.id === null)
    return (
      <Text span size="sm" c="dimmed">
        {row.name}
      </Text>
    );
  if (!props.isProduct) return row.name;
  return (
    <Anchor component={Link} to={routePath('/products/:productId', { productId: row.id })} size="sm">
      {row.name}
    </Anchor>
  );
}

/**
 * The rows a sales report lists (its largest, by total inc GST), and in the footer the report's
 * totals, which are every row's: the note above the table says when not every row is listed.
 */
export function SalesTable(props: { report: SalesReport }) {
  const { report } = props;
  const grouping = report.group_by;
  const isProduct = grouping === 'product';
  const columns = salesColumns(grouping);
  return (
    <Table.ScrollContainer minWidth={isProduct ? 880 : 760} className="cards-on-phone">
      <Table verticalSpacing="xs" captionSide="top" striped highlightOnHover>
        <Table.Caption ta="left">{SALES_GROUPING_LABELS[grouping]}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{SALES_ROW_NAMES[grouping].column}</Table.Th>
            {isProduct && <Table.Th scope="col">SKU</Table.Th>}
            <AmountHeadings columns={columns} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.id ?? 'none'}>
              <Table.Th scope="row" fw={500}>
                <RowName row={row} isProduct={isProduct} />
              </Table.Th>
              {isProduct && <Table.Td data-label="SKU">{row.sku ?? '—'}</Table.Td>}
              <AmountCells columns={columns} amounts={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <TotalsFooter columns={columns} totals={report.totals} blankCells={isProduct ? 1 : 0} />
      </Table>
    </Table.ScrollContainer>
  );
}
