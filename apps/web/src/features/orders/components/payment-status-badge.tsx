import { Badge, type MantineSize } from '@mantine/core';
import { ORDER_PAYMENT_STATUS_LABELS, type OrderPaymentStatus } from '@tradeport/contract';

// Owing reads warm, part paid blue, paid green; untracked grey, since nothing is owed through us.
const STATUS_COLOURS: Record<OrderPaymentStatus, string> = {
  UNPAID: 'orange',
  PARTIALLY_PAID: 'blue',
  PAID: 'teal',
  NOT_TRACKED: 'gray',
};

/** An order's payment status (SPEC §3), derived by the server from its payments. */
export function PaymentStatusBadge(props: { status: OrderPaymentStatus; size?: MantineSize }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[props.status]} size={props.size} style={{ flexShrink: 0 }}>
      {ORDER_PAYMENT_STATUS_LABELS[props.status]}
    </Badge>
  );
}
