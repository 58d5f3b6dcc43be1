import { Button, Group, Text } from '@mantine/core';
import type { Payment, PaymentState } from '@tradeport/contract';
import { useState } from 'react';
import { formatMoney } from '#lib/format.ts';
import { useIdempotencyKey } from '#lib/idempotency-key.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { PAYMENT_ACTION_REFUSALS, usePaymentAction } from '../api/payment-actions.ts';
import { paymentTitle, SETTLE_ACTION_LABELS } from '../model/payment-labels.ts';
import { refusalMessage } from '../model/refusal.ts';
import { RefundPaymentDialog } from './refund-payment-dialog.tsx';

type SettleState = 'PROCESSING' | 'SUCCESSFUL' | 'FAILED';
type Dialog = { kind: 'void' } | { kind: 'refund' } | { kind: 'settle'; state: SettleState };

const isSettleState = (state: PaymentState): state is SettleState => state in SETTLE_ACTION_LABELS;

/** What each settling move means for the money, said before it is made. */
const SETTLE_WORDS: Record<SettleState, string> = {
  PROCESSING: 'It is on its way: what it allocates stays held for its orders until it settles.',
  SUCCESSFUL: 'It was received: its orders are paid by it, and the customer is mailed a receipt.',
  FAILED: 'It never arrived: its orders owe again, and the customer is mailed a notice.',
};

/** Void: its orders owe again, an applied credit gets its amount back. Asked before it is done. */
function VoidPaymentDialog(props: { payment: Payment; onClose: () => void }) {
  const { payment } = props;
  const action = usePaymentAction(payment, useIdempotencyKey());
  return (
    <ConfirmDialog
      opened
      title="Void payment"
      confirmLabel="Void payment"
      cancelLabel="Keep payment"
      isConfirming={action.isPending}
      error={action.isError ? refusalMessage(action.error, PAYMENT_ACTION_REFUSALS) : null}
      onConfirm={() => action.mutate({ kind: 'void' }, { onSuccess: props.onClose })}
      onCancel={props.onClose}
    >
      {`Void ${paymentTitle(payment).toLowerCase()} of ${formatMoney(payment.amount_cents)} from ${payment.customer.name}? It will no longer pay anything: its orders owe again${payment.applied_credit ? ' and the credit it was paid from gets the amount back' : ''}.`}
    </ConfirmDialog>
  );
}

function SettleDialog(props: { payment: Payment; state: SettleState; onClose: () => void }) {
  const { payment, state } = props;
  const action = usePaymentAction(payment, useIdempotencyKey());
  const label = SETTLE_ACTION_LABELS[state] ?? state;
  return (
    <ConfirmDialog
      opened
      title={label}
      confirmLabel={label}
      isConfirming={action.isPending}
      error={action.isError ? refusalMessage(action.error, PAYMENT_ACTION_REFUSALS) : null}
      onConfirm={() => action.mutate({ kind: 'state', state }, { onSuccess: props.onClose })}
      onCancel={props.onClose}
    >
      {`${label} ${paymentTitle(payment).toLowerCase()} of ${formatMoney(payment.amount_cents)}? ${SETTLE_WORDS[state]}`}
    </ConfirmDialog>
  );
}

/**
 * What the merchant may do with the payment now, as the server says (`allowed_states`, `can_void`,
 * `refundable_cents`): settle a pending one, void, or refund. Each opens its own dialog, which
 * asks first and sends its own Idempotency-Key.
 */
export function PaymentActions(props: { payment: Payment }) {
  const { payment } = props;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const settleStates = payment.allowed_states.filter(isSettleState);
  // Card money taken through Stripe goes back through Stripe, which records the refund itself.
  const isStripeCard = payment.method === 'STRIPE_CARD';
  const canRefund = payment.refundable_cents > 0 && !isStripeCard;
  if (settleStates.length === 0 && !payment.can_void && !canRefund) {
    return isStripeCard && payment.state === 'SUCCESSFUL' ? (
      <Text size="sm" c="dimmed">
        Card payments taken through Stripe are refunded from your Stripe dashboard.
      </Text>
    ) : null;
  }
  return (
    <>
      <Group gap="xs" role="group" aria-label="Payment actions">
        {settleStates.map((state) => (
          <Button key={state} variant="default" onClick={() => setDialog({ kind: 'settle', state })}>
            {SETTLE_ACTION_LABELS[state]}
          </Button>
        ))}
        {canRefund && (
          <Button variant="default" onClick={() => setDialog({ kind: 'refund' })}>
            Refund
          </Button>
        )}
        {payment.can_void && (
          <Button variant="light" color="red" onClick={() => setDialog({ kind: 'void' })}>
            Void
          </Button>
        )}
      </Group>
      {dialog?.kind === 'void' && <VoidPaymentDialog payment={payment} onClose={close} />}
      {dialog?.kind === 'settle' && <SettleDialog payment={payment} state={dialog.state} onClose={close} />}
      {dialog?.kind === 'refund' && <RefundPaymentDialog payment={payment} onClose={close} />}
    </>
  );
}
