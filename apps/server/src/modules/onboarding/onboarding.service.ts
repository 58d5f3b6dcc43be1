import { completedPercentage, ONBOARDING_STEPS, type OnboardingProgress } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { findOnboardingSteps } from './onboarding.queries.ts';

export function createOnboardingService({ database: { db } }: Pick<AppDeps, 'database'>) {
  return {
    /** Every step, in the checklist's order, and the share done (SPEC §9: a whole percent). */
    async progress(merchantId: string): Promise<OnboardingProgress> {
      const done = await findOnboardingSteps(db, { merchantId });
      const steps = ONBOARDING_STEPS.map((step) => ({ step, is_done: done[step] }));
      return {
        completed_percentage: completedPercentage(steps.filter((step) => step.is_done).length),
        steps,
      };
    },
  };
}
