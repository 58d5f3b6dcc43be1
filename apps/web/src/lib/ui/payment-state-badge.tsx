import { Badge, type MantineSize } from '@mantine/core';
import { PAYMENT_STATE_LABELS, type PaymentState } from '@tradeport/contract';

// Money received reads green, money on its way blue, money that never came or went back warm, and
// a voided payment grey, so a list of payments can be read at a glance. Here rather than in the
// payments feature because an order's screen lists its payments too.
const STATE_COLOURS: Record<PaymentState, string> = {
  SUCCESSFUL: 'teal',
  PROCESSING: 'blue',
  UPCOMING: 'indigo',
  FAILED: 'red',
  REFUNDED: 'orange',
  VOIDED: 'gray',
};

/** A payment's state in SPEC §3's words. */
export function PaymentStateBadge(props: { state: PaymentState; size?: MantineSize }) {
  return (
    <Badge variant="light" color={STATE_COLOURS[props.state]} size={props.size} style={{ flexShrink: 0 }}>
      {PAYMENT_STATE_LABELS[props.state]}
    </Badge>
  );
}
