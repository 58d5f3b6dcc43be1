import { Anchor, Table, Text } from '@mantine/core';
import { SALES_GROUPING_LABELS, type SalesReport, type SalesReportRow } from '@tradeport/contract';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';
import { salesColumns } from '../model/sales-columns.ts';
import { SALES_ROW_NAMES } from '../model/sales-wording.ts';

const MONEY_CELL = { whiteSpace: 'nowrap' } as const;

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
            {columns.map((column) => (
              <Table.Th key={column.label} scope="col" ta="right">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.id ?? 'none'}>
              <Table.Th scope="row" fw={500}>
                <RowName row={row} isProduct={isProduct} />
              </Table.Th>
              {isProduct && <Table.Td data-label="SKU">{row.sku ?? '—'}</Table.Td>}
              {columns.map((column) => (
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
            {isProduct && <Table.Td />}
            {columns.map((column) => (
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
