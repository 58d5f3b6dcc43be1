import { Group } from '@mantine/core';
import type { Customer } from '@tradeport/contract';
import { useCurrentAccount } from '#lib/current-account.ts';
import { PayDialogButton } from '#lib/ui/pay-dialog-button.tsx';

/**
 * Taking a card payment for what the customer owes, and its payment links: the card-payments
 * feature's dialogs, opened by address (lib/pay-dialog.ts). Only while its payments are tracked.
 */
export function CardPaymentActions(props: { customer: Customer }) {
  const { customer } = props;
  const isMerchantPaymentsOn = useCurrentAccount().data?.settings.payments_enabled ?? false;
  if (!isMerchantPaymentsOn || !customer.payment_settings.is_payments_enabled || customer.archived)
    return null;
  return (
    <Group gap="xs">
      <PayDialogButton variant="default" request={{ kind: 'card', customerId: customer.id }}>
        Take card payment
      </PayDialogButton>
      <PayDialogButton variant="default" request={{ kind: 'links', customerId: customer.id }}>
        Payment links
      </PayDialogButton>
    </Group>
  );
}
