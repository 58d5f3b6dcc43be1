import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type BillingFlow, getBilling } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { hasSubscription } from '../model/billing-status.ts';
import { billingKeys } from './billing-keys.ts';

/** How often the subscription is asked for again while Stripe's confirmation is awaited. */
export const BILLING_POLL_MS = 2_000;

export function billingQuery(organisationId: string | null, flow: BillingFlow) {
  return queryOptions({
    queryKey: billingKeys.billing(organisationId, flow),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getBilling, { params: { id: organisationId }, query: { flow }, signal, organisationId })
      : skipToken,
  });
}

/**
 * The organisation's Tradeport subscription. Back from Checkout (`isAwaitingSubscription`) it is
 * asked for again every BILLING_POLL_MS until a subscription shows: Stripe's event, not the return
 * to this page, is what starts it.
 */
export function useBilling(options: {
  flow: BillingFlow;
  enabled: boolean;
  isAwaitingSubscription: boolean;
}) {
  return useQuery({
    ...billingQuery(useOrganisationId(), options.flow),
    enabled: options.enabled,
    refetchInterval: (query) =>
      options.isAwaitingSubscription && !hasSubscription(query.state.data) ? BILLING_POLL_MS : false,
  });
}
