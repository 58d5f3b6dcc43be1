import { Badge } from '@mantine/core';
import { CREDIT_STATUS_LABELS, type CreditStatus } from '@tradeport/contract';

// Credit still to spend reads green, part spent blue, spent and voided grey.
const STATUS_COLOURS: Record<CreditStatus, string> = {
  AVAILABLE: 'teal',
  PARTLY_USED: 'blue',
  USED: 'gray',
  VOIDED: 'gray',
};

export function CreditStatusBadge(props: { status: CreditStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[props.status]} style={{ flexShrink: 0 }}>
      {CREDIT_STATUS_LABELS[props.status]}
    </Badge>
  );
}
