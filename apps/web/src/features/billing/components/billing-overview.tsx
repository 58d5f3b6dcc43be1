import { Stack } from '@mantine/core';
import type { Billing, BillingFlow } from '@tradeport/contract';
import { useNow } from '#lib/use-now.ts';
import { hasSubscription } from '../model/billing-status.ts';
import type { CheckoutReturn } from '../model/use-checkout-return.ts';
import { CheckoutReturnMessage } from './checkout-return-message.tsx';
import { CurrentPlan } from './current-plan.tsx';
import { InvoicesSection } from './invoices-table.tsx';
import { PlanChooser } from './plan-chooser.tsx';
import { SubscriptionStatus } from './subscription-status.tsx';

// Whether a trial or access has ended turns on dates; a minute is fine enough.
const CLOCK_MS = 60_000;

/**
 * The subscription on a server with billing set up: its status, then the plans (before a
 * subscription or after one ended) or the plan running, then the invoices.
 */
export function BillingOverview(props: { billing: Billing; flow: BillingFlow; checkout: CheckoutReturn }) {
  const { billing, flow, checkout } = props;
  const nowMs = useNow(CLOCK_MS);
  // Paid at Checkout and waiting for Stripe's word: the plans again would invite a second payment.
  const isConfirming = checkout.outcome === 'waiting' || checkout.outcome === 'slow';
  return (
    <Stack gap="lg">
      <CheckoutReturnMessage checkout={checkout} />
      <SubscriptionStatus billing={billing} flow={flow} nowMs={nowMs} />
      {hasSubscription(billing) ? (
        <CurrentPlan billing={billing} flow={flow} />
      ) : (
        !isConfirming && <PlanChooser flow={flow} hasEnded={billing.status === 'CANCELLED'} />
      )}
      <InvoicesSection invoices={billing.invoices} />
    </Stack>
  );
}
