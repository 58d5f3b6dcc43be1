import { Badge, type MantineSize } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@tradeport/contract';

// Tints that keep "On hold" and "Cancelled" apart from the running statuses at a glance.
const STATUS_COLOURS: Record<OrderStatus, string> = {
  PROCESSING: 'blue',
  ON_HOLD: 'orange',
  SHIPPED: 'violet',
  COMPLETED: 'teal',
  CANCELLED: 'gray',
};

export function OrderStatusBadge(props: { status: OrderStatus; size?: MantineSize }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[props.status]} size={props.size} style={{ flexShrink: 0 }}>
      {ORDER_STATUS_LABELS[props.status]}
    </Badge>
  );
}
