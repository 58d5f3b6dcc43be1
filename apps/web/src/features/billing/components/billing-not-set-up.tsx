import { EmptyState } from '@mantine/core';

/** Without the server's Stripe keys no plan can be chosen or paid: say so, and who fixes it. */
export function BillingNotSetUp() {
  return (
    <EmptyState>
      <EmptyState.Title order={2}>Billing is not set up on this server</EmptyState.Title>
      <EmptyState.Description>
        This Tradeport server has no Stripe keys, so subscriptions cannot be chosen or paid here. Whoever runs
        the server sets them in its environment and restarts it (see Configuration in the README).
      </EmptyState.Description>
    </EmptyState>
  );
}
