import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enterCustomerView, leaveCustomerView, RETURN_TO_MERCHANT_DELAY_MS } from '@tradeport/contract';
import { useNavigate } from 'react-router';
import { request } from '#lib/api-client.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { routePath } from '#lib/routes.ts';
import { showInfoToast } from '#lib/toasts.ts';

/**
 * Customer view (SPEC §1, §4). Entering sets the impersonation cookie (the server does) and acts
 * for the house customer; returning says so, waits RETURN_TO_MERCHANT_DELAY_MS, clears the cookie
 * and goes back to the merchant's Home. Switching organisation clears every cached query, as the
 * organisation switcher does, so nothing of one side shows on the other.
 */
export function useCustomerView() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const actAs = (organisationId: string, path: string) => {
    organisationIdStore.set(organisationId);
    queryClient.clear();
    navigate(path);
  };

  const enter = useMutation({
    mutationFn: (merchantId: string) => request(enterCustomerView, { params: { id: merchantId } }),
    onSuccess: (view) => actAs(view.customer_organisation_id, routePath('/orders/create')),
  });

  const leave = useMutation({
    mutationFn: async (options: { merchantId: string; merchantTitle: string }) => {
      showInfoToast(`Returning to ${options.merchantTitle}…`);
      await new Promise((resolve) => setTimeout(resolve, RETURN_TO_MERCHANT_DELAY_MS));
      return request(leaveCustomerView, { params: { id: options.merchantId } });
    },
    onSuccess: (view) => actAs(view.merchant_id, routePath('/')),
  });

  return { enter, leave };
}
