import { Anchor, Avatar, Checkbox, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Product } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#lib/format.ts';
import { ProductStatusBadge } from './product-status-badge.tsx';
import { routePath } from '#lib/routes.ts';

const COLUMNS = ['Image', 'Name', 'SKU', 'Brand', 'Category', 'Unit', 'Base price (ex GST)', 'Status'];
const NONE = '—';
const MIN_WIDTH = 1040;

export type RowSelection = {
  selected: ReadonlySet<string>;
  toggle: (productId: string) => void;
  /** Selects every row shown, or clears them all when all are selected already. */
  toggleAll: () => void;
};

function ProductRow(props: { product: Product; isSelected: boolean; onToggle: () => void }) {
  const { product } = props;
  return (
    <Table.Tr bg={props.isSelected ? 'var(--mantine-color-teal-light)' : undefined}>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${product.name}`}
          checked={props.isSelected}
          onChange={props.onToggle}
        />
      </Table.Td>
      <Table.Td>
        {/* The name beside it says what it is, so the picture is decoration for screen readers. */}
        <Avatar src={product.image} alt="" size={40} radius="sm" color="gray" aria-hidden="true">
          {product.name.slice(0, 2).toUpperCase()}
        </Avatar>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={routePath('/products/:productId', { productId: product.id })} fw={600}>
          {product.name}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" ff="monospace">
          {product.sku}
        </Text>
      </Table.Td>
      <Table.Td>{product.brand?.name ?? NONE}</Table.Td>
      <Table.Td>{product.category?.name ?? NONE}</Table.Td>
      <Table.Td>{product.unit_of_measure?.abbreviation ?? NONE}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(product.base_price_cents)}
      </Table.Td>
      {/* A badge truncates itself in a squeezed cell; this column keeps room for "Archived". */}
      <Table.Td w={100}>
        <ProductStatusBadge isActive={product.is_active} />
      </Table.Td>
    </Table.Tr>
  );
}

function Head(props: { selectAll?: ReactNode }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={44}>{props.selectAll ?? <VisuallyHidden>Select</VisuallyHidden>}</Table.Th>
        {COLUMNS.map((column) => (
          <Table.Th key={column} ta={column.startsWith('Base price') ? 'right' : undefined}>
            {column === 'Image' ? <VisuallyHidden>Image</VisuallyHidden> : column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The list's table with a checkbox per row; `isUpdating` dims it while new filters load. */
export function ProductsTable(props: {
  products: readonly Product[];
  selection: RowSelection;
  isUpdating?: boolean;
}) {
  const { products, selection } = props;
  const selectedCount = products.filter((product) => selection.selected.has(product.id)).length;
  const selectAll = (
    <Checkbox
      aria-label="Select all products shown"
      checked={selectedCount > 0 && selectedCount === products.length}
      indeterminate={selectedCount > 0 && selectedCount < products.length}
      onChange={selection.toggleAll}
    />
  );
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH}>
      <Table
        aria-label="Products"
        aria-busy={props.isUpdating || undefined}
        verticalSpacing="xs"
        highlightOnHover
        style={{ opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Head selectAll={selectAll} />
        <Table.Tbody>
          {products.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              isSelected={selection.selected.has(product.id)}
              onToggle={() => selection.toggle(product.id)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SKELETON_ROWS = 8;

export function ProductsTableSkeleton() {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading products…</VisuallyHidden>
      <Table.ScrollContainer minWidth={MIN_WIDTH}>
        <Table verticalSpacing="xs" aria-hidden="true">
          <Head />
          <Table.Tbody>
            {Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <Table.Tr key={row}>
                <Table.Td>
                  <Skeleton height={16} width={16} radius="sm" />
                </Table.Td>
                <Table.Td>
                  <Skeleton height={40} width={40} radius="sm" />
                </Table.Td>
                {COLUMNS.slice(1).map((column) => (
                  <Table.Td key={column}>
                    <Skeleton height={12} width={column === 'Name' ? '80%' : '60%'} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
