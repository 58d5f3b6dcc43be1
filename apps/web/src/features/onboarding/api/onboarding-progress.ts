import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getOnboardingProgress, type OnboardingProgress } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

/** Keys start with the organisation id (DESIGN §5). */
export const onboardingKeys = {
  progress: (organisationId: string | null) => scopedKey(organisationId, 'onboarding', 'progress'),
};

/** How often progress is asked for again while a paid plan is awaited from Stripe. */
export const ONBOARDING_POLL_MS = 2_000;

const isPlanDone = (progress: OnboardingProgress | undefined) =>
  progress?.steps.some((step) => step.step === 'PLAN' && step.is_done) === true;

export function onboardingProgressQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: onboardingKeys.progress(organisationId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getOnboardingProgress, { params: { id: organisationId }, signal, organisationId })
      : skipToken,
  });
}

/**
 * The merchant's checklist. Back from Checkout (`isAwaitingPlan`) it is asked for again until the
 * plan shows as chosen: Stripe's event, not the return here, is what starts the subscription.
 */
export function useOnboardingProgress(options: { isAwaitingPlan: boolean }) {
  return useQuery({
    ...onboardingProgressQuery(useOrganisationId()),
    refetchInterval: (query) =>
      options.isAwaitingPlan && !isPlanDone(query.state.data) ? ONBOARDING_POLL_MS : false,
  });
}
