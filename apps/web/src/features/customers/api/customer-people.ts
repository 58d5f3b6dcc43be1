import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EndpointInput, inviteCustomerUser, listCustomerUsers } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { customerKeys } from './customer-keys.ts';

export type InviteBody = NonNullable<EndpointInput<typeof inviteCustomerUser>['body']>;

export function customerPeopleQuery(organisationId: string | null, customerId: string) {
  return queryOptions({
    queryKey: customerKeys.people(organisationId, customerId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(listCustomerUsers, {
            params: { id: organisationId, cid: customerId },
            signal,
            organisationId,
          })
      : skipToken,
  });
}

export function useCustomerPeople(customerId: string) {
  return useQuery(customerPeopleQuery(useOrganisationId(), customerId));
}

export function useInviteCustomerUser(customerId: string) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (body: InviteBody) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(inviteCustomerUser, {
        params: { id: organisationId, cid: customerId },
        body,
        organisationId,
        // Shown under the email field (a bad address, or someone already in or invited).
        handledErrorCodes: ['VALIDATION_ERROR', 'CONFLICT'],
      });
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.people(organisationId, customerId) }),
        // People counts.
        queryClient.invalidateQueries({
          queryKey: customerKeys.detail(organisationId, customerId),
          exact: true,
        }),
        queryClient.invalidateQueries({ queryKey: customerKeys.lists(organisationId) }),
      ]);
    },
  });
}
