import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Customer, updateCustomer } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { ApiError } from '#lib/api-error.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { CustomerDetailsBody } from '../model/customer-form.ts';
import { customerKeys } from './customer-keys.ts';

export type UpdateCustomerInput = {
  customerId: string;
  details: CustomerDetailsBody;
  archived: boolean;
  /** The version the edit was made on; a newer one on the server answers 409 CONFLICT. */
  version: number;
};

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CONFLICT';
}

/** Details edits and archive/restore go through the same versioned PUT. */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (input: UpdateCustomerInput) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(updateCustomer, {
        params: { id: organisationId, cid: input.customerId },
        body: { ...input.details, archived: input.archived, version: input.version },
        organisationId,
        // Both are shown beside the form: field errors on the fields, a stale edit as a reload.
        handledErrorCodes: ['VALIDATION_ERROR', 'CONFLICT'],
      });
    },
    onSuccess: async (customer: Customer) => {
      queryClient.setQueryData(customerKeys.detail(organisationId, customer.id), customer);
      await queryClient.invalidateQueries({ queryKey: customerKeys.lists(organisationId) });
    },
    onError: async (error, input) => {
      // Someone else saved first: load their version, so the next attempt starts from it.
      if (!isConflict(error)) return;
      await queryClient.invalidateQueries({
        queryKey: customerKeys.detail(organisationId, input.customerId),
        exact: true,
      });
    },
  });
}
