import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCustomer } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { CreateCustomerBody } from '../model/customer-form.ts';
import { customerKeys } from './customer-keys.ts';

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (body: CreateCustomerBody) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(createCustomer, {
        params: { id: organisationId },
        body,
        organisationId,
        // Field errors are shown on the fields.
        handledErrorCodes: ['VALIDATION_ERROR', 'FORBIDDEN'],
      });
    },
    onSuccess: async (customer) => {
      queryClient.setQueryData(customerKeys.detail(organisationId, customer.id), customer);
      await queryClient.invalidateQueries({ queryKey: customerKeys.lists(organisationId) });
    },
  });
}
