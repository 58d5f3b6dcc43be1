import { Button, Group } from '@mantine/core';
import type { Order, OrderStatus } from '@tradeport/contract';
import { useState } from 'react';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { STATUS_ACTION_LABELS, orderTitle } from '../model/order-labels.ts';

/**
 * The moves the server says this order may make now (`allowed_statuses`), one button each;
 * cancelling asks first, since a cancelled order cannot be reopened.
 */
export function OrderStatusActions(props: {
  order: Order;
  isSaving: boolean;
  onMove: (status: OrderStatus) => void;
}) {
  const { order } = props;
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  if (order.allowed_statuses.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Order status">
      {order.allowed_statuses.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={status === 'CANCELLED' ? 'light' : status === 'ON_HOLD' ? 'default' : 'filled'}
          color={status === 'CANCELLED' ? 'red' : undefined}
          disabled={props.isSaving}
          onClick={() => (status === 'CANCELLED' ? setIsCancelOpen(true) : props.onMove(status))}
        >
          {STATUS_ACTION_LABELS[status]}
        </Button>
      ))}
      <ConfirmDialog
        opened={isCancelOpen}
        title="Cancel order"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        isConfirming={props.isSaving}
        onConfirm={() => {
          props.onMove('CANCELLED');
          setIsCancelOpen(false);
        }}
        onCancel={() => setIsCancelOpen(false)}
      >
        {`Cancel ${orderTitle(order).toLowerCase()} for ${order.customer.name}? A cancelled order cannot be reopened.`}
      </ConfirmDialog>
    </Group>
  );
}
