import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordPayment, type RecordPaymentInput } from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { idempotencyHeaders } from '#lib/idempotency-key.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { acting } from './acting-organisation.ts';
import { refreshAfterMoneyMoved } from './invalidate-money.ts';
import { paymentKeys } from './payment-keys.ts';

/** Refusals the form shows on its fields or above itself: allocations that do not add up (422)… */
export const RECORD_PAYMENT_REFUSALS = [
  'VALIDATION_ERROR',
  'VALIDATION_FAILED',
  'PAYMENTS_NOT_ENABLED',
  'NOT_FOUND',
] as const;

/**
 * Records a payment received outside Tradeport with the dialog's Idempotency-Key: a double submit,
 * or a retry after a lost answer, records it once.
 */
export function useRecordPayment(idempotencyKey: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof RecordPaymentInput>) => {
      return request(recordPayment, {
        params: { id: acting(organisationId) },
        body,
        headers: idempotencyHeaders(idempotencyKey),
        organisationId,
        handledErrorCodes: RECORD_PAYMENT_REFUSALS,
      });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentKeys.payment(organisationId, saved.id), saved);
      void refreshAfterMoneyMoved(queryClient, organisationId);
    },
  });
}
