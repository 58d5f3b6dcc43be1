import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BillingFlow,
  type BillingPlan,
  openBillingPortal,
  startBillingCheckout,
} from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { billingKeys } from './billing-keys.ts';

/** Refusals the billing screen says in its own words, beside the button that was used. */
export const BILLING_REFUSALS = ['BILLING_NOT_SET_UP', 'CONFLICT', 'FORBIDDEN', 'VALIDATION_ERROR'] as const;

/** A call that answers with a Stripe page's address (Checkout or the customer portal). */
function useStripePageMutation<T>(call: (organisationId: string, input: T) => Promise<{ url: string }>) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return call(organisationId, input);
    },
    // A refusal says the screen is out of date (a subscription started in another tab, the keys went).
    onError: () => queryClient.invalidateQueries({ queryKey: billingKeys.all(organisationId) }),
  });
}

const options = (organisationId: string) => ({
  params: { id: organisationId },
  organisationId,
  handledErrorCodes: BILLING_REFUSALS,
});

/** Stripe Checkout for `plan`; Stripe sends the browser back to the billing screen of `flow`. */
export function useStartBillingCheckout(flow: BillingFlow) {
  return useStripePageMutation((organisationId, plan: BillingPlan) =>
    request(startBillingCheckout, { ...options(organisationId), body: { plan, flow } }),
  );
}

/** Stripe's customer portal: the card, paying a failed invoice, cancelling or renewing. */
export function useOpenBillingPortal(flow: BillingFlow) {
  return useStripePageMutation((organisationId, _: void) =>
    request(openBillingPortal, { ...options(organisationId), body: { flow } }),
  );
}
