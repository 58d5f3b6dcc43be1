import { Button, type ButtonProps, Stack } from '@mantine/core';
import type { BillingFlow } from '@tradeport/contract';
import { useOpenBillingPortal } from '../api/billing-redirects.ts';
import { leaveForStripe } from './leave-for-stripe.ts';
import { RefusalAlert } from './refusal-alert.tsx';

/** Opens Stripe's customer portal (the card, a failed invoice, cancelling or renewing). */
export function PortalButton(props: {
  flow: BillingFlow;
  label: string;
  look?: Pick<ButtonProps, 'variant' | 'color'>;
}) {
  const portal = useOpenBillingPortal(props.flow);
  return (
    <Stack gap="sm" align="flex-start">
      {portal.isError && <RefusalAlert error={portal.error} />}
      <Button
        {...props.look}
        // Still loading once the address came: the browser is on its way to Stripe.
        loading={portal.isPending || portal.isSuccess}
        onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => leaveForStripe(url) })}
      >
        {props.label}
      </Button>
    </Stack>
  );
}
