import { CheckoutReturnNotice } from '#features/billing/components/checkout-return-notice.tsx';
import { OnboardingScreen } from '#features/onboarding/screens/onboarding-screen.tsx';

/** /onboarding: the checklist, with what a return from sign-up's Stripe Checkout brought above it. */
export function OnboardingPage() {
  return <OnboardingScreen notice={<CheckoutReturnNotice flow="onboarding" />} />;
}
