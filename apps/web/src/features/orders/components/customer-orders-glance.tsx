import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrderSummary } from '@tradeport/contract';
import { Link } from 'react-router';
import { formatDate, formatMoney, todayInBrowser } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { LoadingSkeleton } from '#lib/ui/loading-skeleton.tsx';
import { useOpenDeliveries, useRecentOrders } from '../api/recent-orders.ts';
import { OrderAgainButton } from './order-again-button.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

// A customer's home, its orders' part: what arrives next, and its latest orders to order again.

/** The earliest delivery among orders still to arrive, with the orders due that day. */
export function nextDeliveryOf(orders: readonly OrderSummary[]) {
  const dated = orders.filter((order) => order.delivery_date !== null);
  const date = dated.map((order) => order.delivery_date!).sort()[0];
  return date ? { date, orders: dated.filter((order) => order.delivery_date === date) } : null;
}

export function NextDelivery() {
  // The browser's day: a café and its merchant share a zone.
  const today = todayInBrowser();
  const open = useOpenDeliveries(today);
  let body;
  if (open.isPending) body = <LoadingSkeleton label="Loading your next delivery" height={48} />;
  else if (open.isError)
    body = (
      <LoadFailedAlert
        title="Your next delivery could not be loaded"
        message={open.error.message}
        onRetry={() => void open.refetch()}
      />
    );
  else {
    const next = nextDeliveryOf(open.data.items);
    body = next ? (
      <Stack gap={4}>
        <Text fz={26} fw={700}>
          {next.date === today ? 'Today' : formatDate(next.date)}
        </Text>
        <Text size="sm" c="dimmed">
          {next.orders.map((order, index) => (
            <span key={order.id}>
              {index > 0 && ', '}
              <Anchor component={Link} to={routePath('/orders/:orderId', { orderId: order.id })} size="sm">
                Order #{order.number}
              </Anchor>{' '}
              from {order.merchant.title}
              {order.shipping_method_name ? ` (${order.shipping_method_name})` : ''}
            </span>
          ))}
        </Text>
      </Stack>
    ) : (
      <Text c="dimmed">
        Nothing on its way.{' '}
        <Anchor component={Link} to={routePath('/orders/create')}>
          Place an order
        </Anchor>
      </Text>
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="next-delivery-heading">
      <Title order={2} size="h4" id="next-delivery-heading" mb="xs">
        Next delivery
      </Title>
      {body}
    </Paper>
  );
}

function RecentOrderRow(props: { order: OrderSummary }) {
  const { order } = props;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" component="li" py="xs">
      <Stack gap={2}>
        <Group gap="xs">
          <Anchor component={Link} to={routePath('/orders/:orderId', { orderId: order.id })} fw={600}>
            Order #{order.number}
          </Anchor>
          <OrderStatusBadge status={order.status} size="sm" />
        </Group>
        <Text size="sm" c="dimmed">
          {formatDate(order.placed_at)} · {order.merchant.title} · {formatMoney(order.total_cents)}
        </Text>
      </Stack>
      <OrderAgainButton orderId={order.id} />
    </Group>
  );
}

export function RecentOrders() {
  const recent = useRecentOrders();
  let body;
  if (recent.isPending) body = <LoadingSkeleton label="Loading your recent orders" height={160} />;
  else if (recent.isError)
    body = (
      <LoadFailedAlert
        title="Your recent orders could not be loaded"
        message={recent.error.message}
        onRetry={() => void recent.refetch()}
      />
    );
  else if (recent.data.items.length === 0)
    body = (
      <Text c="dimmed">
        You have not placed an order yet.{' '}
        <Anchor component={Link} to={routePath('/orders/create')}>
          Place your first order
        </Anchor>
      </Text>
    );
  else
    body = (
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {recent.data.items.map((order) => (
          <RecentOrderRow key={order.id} order={order} />
        ))}
      </Stack>
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recent-orders-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="recent-orders-heading">
          Recent orders
        </Title>
        <Anchor component={Link} to={routePath('/orders')} size="sm">
          All orders
        </Anchor>
      </Group>
      {body}
    </Paper>
  );
}
