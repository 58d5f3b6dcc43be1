import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Customer,
  type CustomerPaymentSettingsInput,
  getCustomerSettings,
  updateCustomerSettings,
} from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { customerKeys } from './customer-keys.ts';

export function customerSettingsQuery(organisationId: string | null, customerId: string) {
  return queryOptions({
    queryKey: customerKeys.settings(organisationId, customerId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getCustomerSettings, {
            params: { id: organisationId, cid: customerId },
            signal,
            organisationId,
          })
      : skipToken,
  });
}

export function useCustomerSettings(customerId: string) {
  return useQuery(customerSettingsQuery(useOrganisationId(), customerId));
}

export function useUpdateCustomerSettings(customerId: string) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (body: CustomerPaymentSettingsInput) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(updateCustomerSettings, {
        params: { id: organisationId, cid: customerId },
        body,
        organisationId,
        handledErrorCodes: ['VALIDATION_ERROR', 'FORBIDDEN'],
      });
    },
    onSuccess: async (settings) => {
      queryClient.setQueryData(customerKeys.settings(organisationId, customerId), settings);
      // The customer and the list show payment settings too. The customer is patched rather than
      // refetched: a new version from a refetch would restart a details edit in progress.
      queryClient.setQueryData(
        customerKeys.detail(organisationId, customerId),
        (customer: Customer | undefined) => customer && { ...customer, payment_settings: settings },
      );
      await queryClient.invalidateQueries({ queryKey: customerKeys.lists(organisationId) });
    },
  });
}
