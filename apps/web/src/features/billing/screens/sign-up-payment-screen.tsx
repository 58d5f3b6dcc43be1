import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentAccount } from '#lib/current-account.ts';
import { formatDate } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { LoadingSkeleton } from '#lib/ui/loading-skeleton.tsx';
import { useBilling } from '../api/billing.ts';
import { BillingNotSetUp } from '../components/billing-not-set-up.tsx';
import { PlanChooser } from '../components/plan-chooser.tsx';
import { hasSubscription } from '../model/billing-status.ts';

/**
 * /sign-up-payment, sign-up's last step (no side navigation, SPEC §2): choose a plan and pay on
 * Stripe Checkout, which returns to /onboarding, or go on with the free trial and choose later.
 */
export function SignUpPaymentScreen() {
  const account = useCurrentAccount();
  const isAdmin = account.organisation?.user_level === 'Admin';
  const billing = useBilling({ flow: 'onboarding', enabled: isAdmin, isAwaitingSubscription: false });
  const trialEnd = billing.data?.trial_end ?? account.data?.trial_end ?? null;
  const isSubscribed = hasSubscription(billing.data);

  let content;
  if (!account.isPending && !isAdmin) {
    content = (
      <Alert color="blue" variant="light" title="Only Admins choose the plan">
        Ask an Admin of {account.organisation?.title ?? 'your organisation'} to choose one.
      </Alert>
    );
  } else if (billing.data) {
    if (!billing.data.is_set_up) content = <BillingNotSetUp />;
    else if (isSubscribed) {
      content = (
        <Alert color="teal" variant="light" title="You are subscribed">
          Your plan is active. You can change it any time from Organisation billing.
        </Alert>
      );
    } else content = <PlanChooser flow="onboarding" hasEnded={billing.data.status === 'CANCELLED'} />;
  } else if (billing.isError) {
    content = (
      <LoadFailedAlert
        title="We could not load the plans"
        message={billing.error.message}
        onRetry={() => void billing.refetch()}
      />
    );
  } else content = <LoadingSkeleton label="Loading the plans" height={220} radius="md" />;

  return (
    <AuthCard
      title="Choose your plan"
      maw={880}
      description={
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Step 3 of 3
          </Text>
          <Text c="dimmed">
            {trialEnd
              ? `Your free trial runs until ${formatDate(trialEnd)}. Choose a plan now, or carry on with the trial and choose one before it ends.`
              : 'Choose a plan now, or carry on and choose one later.'}
          </Text>
        </Stack>
      }
    >
      {content}
      <Group justify="space-between">
        <Anchor component={Link} to={routePath('/sign-up-products')} size="sm">
          Back to products
        </Anchor>
        <Button component={Link} to={routePath('/onboarding')} variant="default">
          {isSubscribed ? 'Continue' : 'Continue with the free trial'}
        </Button>
      </Group>
    </AuthCard>
  );
}
