import { Anchor, Card, Checkbox, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { OrderSummary } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { useIsPhone } from '#lib/use-is-phone.ts';
import { orderTitle } from '../model/order-labels.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

const NONE = '—';
const MIN_WIDTH = 1080;
const SELECTED_BACKGROUND = 'var(--mantine-color-blue-light)';

export type OrderSelection = {
  selected: ReadonlySet<string>;
  toggle: (orderId: string) => void;
  toggleAll: () => void;
};

/** Whose orders these are decides the other party's column: the customer, or the merchant. */
export type OrdersView = 'merchant' | 'customer';

const orderPath = (order: OrderSummary) => routePath('/orders/:orderId', { orderId: order.id });
const partyOf = (order: OrderSummary, view: OrdersView) =>
  view === 'merchant' ? order.customer.name : order.merchant.title;

function OrderRow(props: { order: OrderSummary; view: OrdersView; selection?: OrderSelection }) {
  const { order, selection } = props;
  const isSelected = selection?.selected.has(order.id) ?? false;
  return (
    <Table.Tr bg={isSelected ? SELECTED_BACKGROUND : undefined}>
      {selection && (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${orderTitle(order)}`}
            checked={isSelected}
            onChange={() => selection.toggle(order.id)}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Anchor component={Link} to={orderPath(order)} fw={600} aria-label={orderTitle(order)}>
          {order.number}
        </Anchor>
      </Table.Td>
      <Table.Td>{partyOf(order, props.view)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(order.placed_at)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {order.delivery_date ? formatDate(order.delivery_date) : NONE}
      </Table.Td>
      <Table.Td>
        <OrderStatusBadge status={order.status} />
      </Table.Td>
      <Table.Td>
        <PaymentStatusBadge status={order.payment_status} />
      </Table.Td>
      <Table.Td>{order.purchase_order_number ?? NONE}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(order.total_cents)}
      </Table.Td>
    </Table.Tr>
  );
}

function OrderCard(props: { order: OrderSummary; view: OrdersView; selection?: OrderSelection }) {
  const { order, selection } = props;
  const isSelected = selection?.selected.has(order.id) ?? false;
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      bg={isSelected ? SELECTED_BACKGROUND : undefined}
      aria-label={orderTitle(order)}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {selection && (
          <Checkbox
            aria-label={`Select ${orderTitle(order)}`}
            checked={isSelected}
            onChange={() => selection.toggle(order.id)}
            mt={2}
          />
        )}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={orderPath(order)} fw={600}>
              {orderTitle(order)}
            </Anchor>
            <OrderStatusBadge status={order.status} />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {partyOf(order, props.view)}
            </Text>
            <PaymentStatusBadge status={order.payment_status} />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed">
              Placed {formatDate(order.placed_at)}
              {order.delivery_date ? ` · Delivery ${formatDate(order.delivery_date)}` : ''}
            </Text>
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(order.total_cents)}
            </Text>
          </Group>
          {order.purchase_order_number && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              PO {order.purchase_order_number}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The orders as a table (a card each on a phone). With `selection` (the merchant's list) each row
 * has a checkbox for the bulk actions; `isUpdating` dims it while new filters load.
 */
export function OrdersTable(props: {
  orders: readonly OrderSummary[];
  view: OrdersView;
  selection?: OrderSelection;
  isUpdating?: boolean;
}) {
  const { orders, selection, view } = props;
  const isPhone = useIsPhone();
  const selectedCount = orders.filter((order) => selection?.selected.has(order.id)).length;
  const selectAllProps = selection && {
    'aria-label': 'Select all orders shown',
    checked: selectedCount > 0 && selectedCount === orders.length,
    indeterminate: selectedCount > 0 && selectedCount < orders.length,
    onChange: selection.toggleAll,
  };
  const dim = { opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' };
  if (isPhone) {
    return (
      <Stack gap="xs" aria-busy={props.isUpdating || undefined} style={dim}>
        {selectAllProps && <Checkbox {...selectAllProps} label="Select all shown" />}
        <Stack component="ul" aria-label="Orders" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} view={view} selection={selection} />
          ))}
        </Stack>
      </Stack>
    );
  }
  const headings: ReactNode[] = [
    'Order',
    view === 'merchant' ? 'Customer' : 'Merchant',
    'Placed',
    'Delivery',
    'Status',
    'Payment',
    'PO number',
  ];
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH}>
      <Table aria-label="Orders" aria-busy={props.isUpdating || undefined} verticalSpacing="xs" style={dim}>
        <Table.Thead>
          <Table.Tr>
            {selectAllProps && (
              <Table.Th w={44}>
                <Checkbox {...selectAllProps} />
              </Table.Th>
            )}
            {headings.map((heading, index) => (
              <Table.Th key={index}>{heading}</Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} view={view} selection={selection} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function OrdersTableSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true">
      <VisuallyHidden>Loading orders</VisuallyHidden>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
