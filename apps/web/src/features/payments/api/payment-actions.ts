import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Payment,
  refundPayment,
  setPaymentState,
  type SetPaymentStateInput,
  voidPayment,
} from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { ApiError } from '#lib/api-error.ts';
import { idempotencyHeaders } from '#lib/idempotency-key.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { acting } from './acting-organisation.ts';
import { refreshAfterMoneyMoved } from './invalidate-money.ts';
import { paymentKeys } from './payment-keys.ts';

/** Refusals the payment's dialogs say in their own words (the state moved on, too much to refund). */
export const PAYMENT_ACTION_REFUSALS = [
  'CONFLICT',
  'STATUS_TRANSITION_NOT_ALLOWED',
  'VALIDATION_FAILED',
  'VALIDATION_ERROR',
  'PAYMENTS_NOT_ENABLED',
] as const;

export type PaymentAction =
  | { kind: 'void' }
  | { kind: 'refund'; amount_cents: number; reason: string | null }
  | { kind: 'state'; state: z.output<typeof SetPaymentStateInput>['state'] };

/**
 * Void, refund or settle one payment, each with the dialog's Idempotency-Key (void and settle are
 * idempotent by nature and accept it too). The answer is the payment as it now stands, shown at
 * once; the lists, orders and credits it touched are refreshed.
 */
export function usePaymentAction(payment: Payment, idempotencyKey: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PaymentAction): Promise<Payment> => {
      const common = {
        params: { id: acting(organisationId), pid: payment.id },
        headers: idempotencyHeaders(idempotencyKey),
        organisationId,
        handledErrorCodes: PAYMENT_ACTION_REFUSALS,
      };
      switch (action.kind) {
        case 'void':
          return request(voidPayment, common);
        case 'refund':
          return request(refundPayment, {
            ...common,
            body: { amount_cents: action.amount_cents, reason: action.reason },
          });
        case 'state':
          return request(setPaymentState, {
            ...common,
            body: { version: payment.version, state: action.state },
          });
      }
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentKeys.payment(organisationId, saved.id), saved);
      void refreshAfterMoneyMoved(queryClient, organisationId);
    },
    onError: (error) => {
      // The payment moved on meanwhile (another person, Stripe): show it as it is now.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: paymentKeys.payment(organisationId, payment.id) });
      }
    },
  });
}
