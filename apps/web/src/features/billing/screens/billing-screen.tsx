import { Stack, Text, Title } from '@mantine/core';
import type { BillingFlow } from '@tradeport/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isForbidden, useRefreshAccess } from '#lib/access.ts';
import { useCurrentAccount } from '#lib/current-account.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { BillingAdminsOnly } from '../components/billing-admins-only.tsx';
import { BillingNotSetUp } from '../components/billing-not-set-up.tsx';
import { BillingOverview } from '../components/billing-overview.tsx';
import { BillingSkeleton } from '../components/billing-skeleton.tsx';
import { flowFromSearch } from '../model/billing-flow.ts';
import { useCheckoutReturn } from '../model/use-checkout-return.ts';

/**
 * /organisations/billing "Organisation billing": the merchant's own Tradeport subscription, for
 * its Admins. Reachable when access is lost (SPEC §4), since this is where it is won back.
 * `flow` is for sign-up's payment step, which shows it as `onboarding`; here the address says.
 */
export function BillingScreen(props: { flow?: BillingFlow }) {
  const [search] = useSearchParams();
  const flow = props.flow ?? flowFromSearch(search);
  const account = useCurrentAccount();
  const isAdmin = account.organisation?.user_level === 'Admin';
  const { billing, checkout } = useCheckoutReturn({ flow, enabled: isAdmin });
  const refreshAccess = useRefreshAccess();
  const isRefused = isForbidden(billing.error);

  // A refusal means the level we hold is out of date: reloading it corrects the menu too.
  useEffect(() => {
    if (isRefused) refreshAccess();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isRefused]);

  let content;
  if (account.isPending) content = <BillingSkeleton />;
  else if (!isAdmin || isRefused) {
    content = <BillingAdminsOnly organisationTitle={account.organisation?.title ?? null} />;
  } else if (billing.data) {
    // Kept when a later ask fails (while waiting for Stripe): the last answer stays on screen.
    content = billing.data.is_set_up ? (
      <BillingOverview billing={billing.data} flow={flow} checkout={checkout} />
    ) : (
      <BillingNotSetUp />
    );
  } else if (billing.isError) {
    content = (
      <LoadFailedAlert
        title="We could not load your billing"
        message={billing.error.message}
        onRetry={() => void billing.refetch()}
      />
    );
  } else content = <BillingSkeleton />;

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Organisation billing</Title>
        <Text c="dimmed">
          Your Tradeport subscription: the plan, the card it is paid with and its invoices.
        </Text>
      </Stack>
      {content}
    </Stack>
  );
}
