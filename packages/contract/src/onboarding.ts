import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { OrganisationParams } from './organisations.ts';

// A new merchant's way to a working store (issue 12, `/onboarding`): a checklist read from what the
// merchant has really done, never from a flag it ticks. Each step is done while its data exists, so
// archiving the only product makes "Add your first product" undone again.

/** The steps, in the order the checklist shows them. */
export const ONBOARDING_STEPS = [
  /** ABN, address and a logo on the organisation (what its invoices and portal show). */
  'DETAILS',
  /** A product, added by hand or imported from a CSV, not archived. */
  'PRODUCT',
  /** A customer besides the house account, not archived. */
  'CUSTOMER',
  /** A delivery or pick-up method that is switched on. */
  'DELIVERY',
  /** Card payments through Stripe able to take charges, or a bank account printed on invoices. */
  'PAYMENTS',
  /** Another person: a member, or an invitation sent (not revoked or declined). */
  'COLLEAGUE',
  /** A Tradeport plan paid for (a subscription that is running). */
  'PLAN',
] as const;
export const OnboardingStep = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof OnboardingStep>;

/** SPEC §9: a whole percent, rounded (3 of 7 steps is 43). */
export function completedPercentage(doneCount: number, stepCount: number = ONBOARDING_STEPS.length): number {
  if (stepCount <= 0) return 100;
  return Math.round((doneCount / stepCount) * 100);
}

export const OnboardingProgress = z.object({
  /** SPEC §3 "Onboarding progress". */
  completed_percentage: z.number().int().min(0).max(100),
  /** Every step of ONBOARDING_STEPS, in its order. */
  steps: z.array(z.object({ step: OnboardingStep, is_done: z.boolean() })),
});
export type OnboardingProgress = z.infer<typeof OnboardingProgress>;

export const getOnboardingProgress = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}/onboarding-progress',
  summary: 'How far the merchant has got setting up: each checklist step and the percentage done',
  description:
    'Merchant members. Each step is derived from the merchant’s data when asked (a product that exists, a delivery method switched on…); `completed_percentage` is the share of steps done, rounded to a whole percent.',
  tags: ['organisations'],
  auth: 'user',
  params: OrganisationParams,
  response: OnboardingProgress,
});
