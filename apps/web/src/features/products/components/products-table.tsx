import {
  Anchor,
  Avatar,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { Product, ProductSort, SortDirection } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import type { ProductListOrder } from '../api/product-keys.ts';
import { ProductStatusBadge } from './product-status-badge.tsx';
import { useIsPhone } from '#lib/use-is-phone.ts';

type Column = { label: string; sort?: ProductSort; sortName?: string; isNumeric?: boolean };

const COLUMNS: Column[] = [
  { label: 'Image' },
  { label: 'Name', sort: 'name', sortName: 'name' },
  { label: 'SKU', sort: 'sku', sortName: 'SKU' },
  { label: 'Brand' },
  { label: 'Category' },
  { label: 'Unit' },
  { label: 'Base price (ex GST)', sort: 'price', sortName: 'base price', isNumeric: true },
  { label: 'Updated', sort: 'updated', sortName: 'updated' },
  { label: 'Status' },
];
const NONE = '—';
const MIN_WIDTH = 1140;
/**
 * A ticked row's colour: not the Active badge's own teal (the badge vanished into it), and not
 * the hover colour.
 */
const SELECTED_BACKGROUND = 'var(--mantine-color-blue-light)';

export type RowSelection = {
  selected: ReadonlySet<string>;
  toggle: (productId: string) => void;
  /** Selects every row shown, or clears them all when all are selected already. */
  toggleAll: () => void;
};

const productPath = (product: Product) => routePath('/products/:productId', { productId: product.id });

function ProductRow(props: { product: Product; isSelected: boolean; onToggle: () => void }) {
  const { product } = props;
  return (
    <Table.Tr bg={props.isSelected ? SELECTED_BACKGROUND : undefined}>
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
        <Anchor component={Link} to={productPath(product)} fw={600}>
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
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(product.updated_at)}</Table.Td>
      {/* A badge truncates itself in a squeezed cell; this column keeps room for "Archived". */}
      <Table.Td w={100}>
        <ProductStatusBadge isActive={product.is_active} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A column's heading; a sortable one is a button that sorts by it, or turns its order round. */
function HeadCell(props: { column: Column; order?: ProductListOrder; onSort?: (sort: ProductSort) => void }) {
  const { column, order, onSort } = props;
  const align = column.isNumeric ? 'right' : undefined;
  if (column.label === 'Image') {
    return (
      <Table.Th>
        <VisuallyHidden>Image</VisuallyHidden>
      </Table.Th>
    );
  }
  if (!column.sort || !order || !onSort) {
    return <Table.Th ta={align}>{column.label}</Table.Th>;
  }
  const isSorted = order.sort === column.sort;
  const sort = column.sort;
  return (
    <Table.Th
      ta={align}
      aria-sort={isSorted ? (order.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton
        onClick={() => onSort(sort)}
        aria-label={`Sort by ${column.sortName}`}
        fw={700}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        {column.label}
        <span aria-hidden="true">{isSorted ? (order.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

function Head(props: {
  selectAll?: ReactNode;
  order?: ProductListOrder;
  onSort?: (sort: ProductSort) => void;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={44}>{props.selectAll ?? <VisuallyHidden>Select</VisuallyHidden>}</Table.Th>
        {COLUMNS.map((column) => (
          <HeadCell key={column.label} column={column} order={props.order} onSort={props.onSort} />
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** On a phone, one card per product: its name, SKU, price and status, all in view. */
function ProductCard(props: { product: Product; isSelected: boolean; onToggle: () => void }) {
  const { product } = props;
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      bg={props.isSelected ? SELECTED_BACKGROUND : undefined}
      aria-label={product.name}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox
          aria-label={`Select ${product.name}`}
          checked={props.isSelected}
          onChange={props.onToggle}
          mt={2}
        />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Anchor component={Link} to={productPath(product)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {product.name}
            </Anchor>
            <ProductStatusBadge isActive={product.is_active} />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {/* No column headings on a card: the SKU says what it is. */}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              SKU{' '}
              <Text span ff="monospace" inherit>
                {product.sku}
              </Text>
            </Text>
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(product.base_price_cents)}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

const SORT_OPTIONS = COLUMNS.filter((column) => column.sort && column.sortName).map((column) => ({
  value: column.sort!,
  label: column.sortName!.charAt(0).toUpperCase() + column.sortName!.slice(1),
}));
const DIRECTION_OPTIONS: { value: SortDirection; label: string }[] = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

/** A phone has no column headings to sort by: the same choice, as two labelled selects. */
function CardsOrder(props: { order: ProductListOrder; onOrder: (order: ProductListOrder) => void }) {
  const { order } = props;
  return (
    <Group gap="xs" grow>
      <NativeSelect
        label="Sort by"
        data={SORT_OPTIONS}
        value={order.sort}
        onChange={(event) => props.onOrder({ ...order, sort: event.currentTarget.value as ProductSort })}
      />
      <NativeSelect
        label="Order"
        data={DIRECTION_OPTIONS}
        value={order.direction}
        onChange={(event) =>
          props.onOrder({ ...order, direction: event.currentTarget.value as SortDirection })
        }
      />
    </Group>
  );
}

function ProductCards(props: {
  products: readonly Product[];
  selection: RowSelection;
  selectAll: ReactNode;
  order?: ProductListOrder;
  onOrder?: (order: ProductListOrder) => void;
}) {
  const { products, selection } = props;
  return (
    <Stack gap="xs">
      {props.order && props.onOrder && <CardsOrder order={props.order} onOrder={props.onOrder} />}
      {props.selectAll}
      <Stack component="ul" aria-label="Products" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {products.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            isSelected={selection.selected.has(product.id)}
            onToggle={() => selection.toggle(product.id)}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The list's table with a checkbox per row and sortable headings; `isUpdating` dims it while new
 * filters load. On a phone it is a list of cards instead.
 */
export function ProductsTable(props: {
  products: readonly Product[];
  selection: RowSelection;
  isUpdating?: boolean;
  order?: ProductListOrder;
  onSort?: (sort: ProductSort) => void;
  /** A phone's sort controls: the sort and direction at once. */
  onOrder?: (order: ProductListOrder) => void;
}) {
  const { products, selection } = props;
  const isPhone = useIsPhone();
  const selectedCount = products.filter((product) => selection.selected.has(product.id)).length;
  const selectAllProps = {
    'aria-label': 'Select all products shown',
    checked: selectedCount > 0 && selectedCount === products.length,
    indeterminate: selectedCount > 0 && selectedCount < products.length,
    onChange: selection.toggleAll,
  };
  const dim = { opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' };
  if (isPhone) {
    return (
      <div aria-busy={props.isUpdating || undefined} style={dim}>
        <ProductCards
          products={products}
          selection={selection}
          selectAll={<Checkbox {...selectAllProps} label="Select all shown" />}
          order={props.order}
          onOrder={props.onOrder}
        />
      </div>
    );
  }
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH}>
      <Table
        aria-label="Products"
        aria-busy={props.isUpdating || undefined}
        verticalSpacing="xs"
        highlightOnHover
        style={dim}
      >
        <Head selectAll={<Checkbox {...selectAllProps} />} order={props.order} onSort={props.onSort} />
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
                  <Table.Td key={column.label}>
                    <Skeleton height={12} width={column.label === 'Name' ? '80%' : '60%'} radius="sm" />
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
