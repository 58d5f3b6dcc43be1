import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdjustmentNoteInput, issueAdjustmentNote } from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { idempotencyHeaders } from '#lib/idempotency-key.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

/** Refusals the dialog shows on its fields or above itself (more than can still be credited…). */
export const ADJUSTMENT_REFUSALS = [
  'VALIDATION_ERROR',
  'VALIDATION_FAILED',
  'PAYMENTS_NOT_ENABLED',
  'NOT_FOUND',
] as const;

/**
 * Issues an adjustment note for lines of the order that were not supplied: an account credit for
 * them with their GST, with the dialog's Idempotency-Key so a double submit issues one.
 */
export function useIssueAdjustmentNote(idempotencyKey: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof AdjustmentNoteInput>) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(issueAdjustmentNote, {
        params: { id: organisationId },
        body,
        headers: idempotencyHeaders(idempotencyKey),
        organisationId,
        handledErrorCodes: ADJUSTMENT_REFUSALS,
      });
    },
    // Credits and balances shown anywhere (the payments screens' keys) are stale now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scopedKey(organisationId) }),
  });
}
