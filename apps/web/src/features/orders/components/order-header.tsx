import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { formatDate } from '#lib/format.ts';
import { orderTitle } from '../model/order-labels.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

const NONE = '—';
const METHOD_KINDS = { DELIVERY: 'Delivery', PICK_UP: 'Pick-up' } as const;

function Detail(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {props.children}
      </Text>
    </div>
  );
}

function placedBy(order: Order): string {
  const name = order.placed_by_name ?? NONE;
  return order.is_placed_by_merchant ? `${name} (entered by ${order.merchant.title})` : name;
}

function methodOf(order: Order): string {
  if (!order.shipping_method_name) return NONE;
  const kind = order.shipping_method_kind ? ` (${METHOD_KINDS[order.shipping_method_kind]})` : '';
  return `${order.shipping_method_name}${kind}`;
}

/** The order's number and status, and who, when, where and how, as a list of terms. */
export function OrderHeader(props: { order: Order; actions?: ReactNode }) {
  const { order } = props;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={1}>{orderTitle(order)}</Title>
          <OrderStatusBadge status={order.status} size="lg" />
        </Group>
        {props.actions}
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" m={0}>
        <Detail label="Customer">{order.customer.name}</Detail>
        <Detail label="Merchant">{order.merchant.title}</Detail>
        <Detail label="Placed by">{placedBy(order)}</Detail>
        <Detail label="Placed">{formatDate(order.placed_at)}</Detail>
        <Detail label="Delivery date">{order.delivery_date ? formatDate(order.delivery_date) : NONE}</Detail>
        <Detail label="Method">{methodOf(order)}</Detail>
        <Detail label="Delivery address">{order.delivery_address ?? NONE}</Detail>
        <Detail label="PO number">{order.purchase_order_number ?? NONE}</Detail>
        <Detail label="Invoice">{`${order.invoice_number}, due ${formatDate(order.due_date)}`}</Detail>
        <Detail label="Notes">{order.notes ?? NONE}</Detail>
      </SimpleGrid>
    </Stack>
  );
}
