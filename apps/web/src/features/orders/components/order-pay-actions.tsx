import { Group } from '@mantine/core';
import type { Order } from '@tradeport/contract';
import { useCurrentAccount } from '#lib/current-account.ts';
import { PayDialogButton } from '#lib/ui/pay-dialog-button.tsx';

/** Whether the order still owes money that payments are tracked for. */
const isOwing = (order: Order) =>
  order.status !== 'CANCELLED' && order.payment_status !== 'NOT_TRACKED' && order.outstanding_cents > 0;

/**
 * Card payment of an order that still owes: the customer pays it, the merchant takes the
 * customer's card or makes a payment link. The dialogs are the card-payments feature's, opened by
 * address (lib/pay-dialog.ts) so this feature does not import it.
 */
export function OrderPayActions(props: { order: Order; view: 'merchant' | 'customer' }) {
  const { order } = props;
  const currentUser = useCurrentAccount().data;
  if (!isOwing(order)) return null;
  if (props.view === 'customer') {
    return (
      <PayDialogButton request={{ kind: 'card', merchantId: order.merchant.id, orderId: order.id }}>
        Pay by card
      </PayDialogButton>
    );
  }
  if (!currentUser?.settings.payments_enabled) return null;
  return (
    <Group gap="xs">
      <PayDialogButton variant="default" request={{ kind: 'card', orderId: order.id }}>
        Take card payment
      </PayDialogButton>
      <PayDialogButton variant="default" request={{ kind: 'links', orderId: order.id }}>
        Payment link
      </PayDialogButton>
    </Group>
  );
}

/** A customer whose payments are tracked pays everything it owes in one card payment. */
export function PayOutstandingButton() {
  const currentUser = useCurrentAccount().data;
  if (
    !currentUser ||
    currentUser.is_merchant ||
    !currentUser.customer?.payment_settings.is_payments_enabled
  ) {
    return null;
  }
  return (
    <PayDialogButton variant="default" request={{ kind: 'card' }}>
      Pay outstanding
    </PayDialogButton>
  );
}
