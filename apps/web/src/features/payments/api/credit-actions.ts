import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applyCredit,
  type ApplyCreditInput,
  type Credit,
  issueCredit,
  type IssueCreditInput,
  voidCredit,
} from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { ApiError } from '#lib/api-error.ts';
import { idempotencyHeaders } from '#lib/idempotency-key.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { acting } from './acting-organisation.ts';
import { refreshAfterMoneyMoved } from './invalidate-money.ts';
import { paymentKeys } from './payment-keys.ts';

/** Refusals the credit dialogs say in their own words (not enough remains, already voided…). */
export const CREDIT_REFUSALS = [
  'CONFLICT',
  'VALIDATION_ERROR',
  'VALIDATION_FAILED',
  'PAYMENTS_NOT_ENABLED',
  'NOT_FOUND',
] as const;

/** Issues a credit with a reason, with the dialog's Idempotency-Key. */
export function useIssueCredit(idempotencyKey: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof IssueCreditInput>) =>
      request(issueCredit, {
        params: { id: acting(organisationId) },
        body,
        headers: idempotencyHeaders(idempotencyKey),
        organisationId,
        handledErrorCodes: CREDIT_REFUSALS,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentKeys.credit(organisationId, saved.id), saved);
      void refreshAfterMoneyMoved(queryClient, organisationId);
    },
  });
}

/** After a refusal because the credit moved on (spent or voided meanwhile), show it as it is now. */
function reloadOnConflict(queryClient: ReturnType<typeof useQueryClient>, key: readonly unknown[]) {
  return (error: Error) => {
    if (error instanceof ApiError && error.status === 409)
      void queryClient.invalidateQueries({ queryKey: key });
  };
}

/** Applies the credit to the customer's orders (a payment by Account Credit), with the dialog's key. */
export function useApplyCredit(credit: Credit, idempotencyKey: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof ApplyCreditInput>) =>
      request(applyCredit, {
        params: { id: acting(organisationId), cid: credit.id },
        body,
        headers: idempotencyHeaders(idempotencyKey),
        organisationId,
        handledErrorCodes: CREDIT_REFUSALS,
      }),
    onSuccess: () => void refreshAfterMoneyMoved(queryClient, organisationId),
    onError: reloadOnConflict(queryClient, paymentKeys.credit(organisationId, credit.id)),
  });
}

/** Voids a credit nothing of which was spent (idempotent by nature; the dialog's key goes too). */
export function useVoidCredit(credit: Credit, idempotencyKey: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request(voidCredit, {
        params: { id: acting(organisationId), cid: credit.id },
        headers: idempotencyHeaders(idempotencyKey),
        organisationId,
        handledErrorCodes: CREDIT_REFUSALS,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentKeys.credit(organisationId, saved.id), saved);
      void refreshAfterMoneyMoved(queryClient, organisationId);
    },
    onError: reloadOnConflict(queryClient, paymentKeys.credit(organisationId, credit.id)),
  });
}
