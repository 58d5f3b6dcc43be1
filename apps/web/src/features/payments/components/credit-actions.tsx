import { Button, Group } from '@mantine/core';
import type { Credit, Payment } from '@tradeport/contract';
import { useState } from 'react';
import { formatMoney } from '#lib/format.ts';
import { useIdempotencyKey } from '#lib/idempotency-key.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { showSuccessToast } from '#lib/toasts.ts';
import { CREDIT_REFUSALS, useVoidCredit } from '../api/credit-actions.ts';
import { creditTitle, paymentTitle } from '../model/payment-labels.ts';
import { refusalMessage } from '../model/refusal.ts';
import { ApplyCreditDialog } from './apply-credit-dialog.tsx';

function VoidCreditDialog(props: { credit: Credit; onClose: () => void }) {
  const { credit } = props;
  const action = useVoidCredit(credit, useIdempotencyKey());
  return (
    <ConfirmDialog
      opened
      title="Void credit"
      confirmLabel="Void credit"
      cancelLabel="Keep credit"
      isConfirming={action.isPending}
      error={action.isError ? refusalMessage(action.error, CREDIT_REFUSALS) : null}
      onConfirm={() => action.mutate(undefined, { onSuccess: props.onClose })}
      onCancel={props.onClose}
    >
      {`Void ${creditTitle(credit).toLowerCase()} of ${formatMoney(credit.amount_cents)} for ${credit.customer.name}? It can no longer be applied to any order.`}
    </ConfirmDialog>
  );
}

/**
 * What the merchant may do with the credit now: apply what remains to orders, or void it while
 * nothing of it was spent (`can_void`, the server's word). Each asks first in its own dialog.
 */
export function CreditActions(props: { credit: Credit }) {
  const { credit } = props;
  const [dialog, setDialog] = useState<'apply' | 'void' | null>(null);
  const close = () => setDialog(null);
  const canApply = credit.status !== 'VOIDED' && credit.remaining_cents > 0;
  if (!canApply && !credit.can_void) return null;
  const onApplied = (payment: Payment) => {
    showSuccessToast(
      `${formatMoney(payment.amount_cents)} applied as ${paymentTitle(payment).toLowerCase()}`,
    );
    close();
  };
  return (
    <>
      <Group gap="xs" role="group" aria-label="Credit actions">
        {canApply && <Button onClick={() => setDialog('apply')}>Apply to orders</Button>}
        {credit.can_void && (
          <Button variant="light" color="red" onClick={() => setDialog('void')}>
            Void
          </Button>
        )}
      </Group>
      {dialog === 'apply' && <ApplyCreditDialog credit={credit} onApplied={onApplied} onClose={close} />}
      {dialog === 'void' && <VoidCreditDialog credit={credit} onClose={close} />}
    </>
  );
}
