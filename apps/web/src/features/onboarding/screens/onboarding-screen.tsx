import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useOnboardingProgress } from '../api/onboarding-progress.ts';
import { OnboardingChecklist } from '../components/onboarding-checklist.tsx';

/**
 * /onboarding: the merchant's way to a working store, each step read from what it has really done.
 * Stripe Checkout returns here from sign-up's payment step (`?checkout=success`): `notice` is what
 * that brought (the billing feature's, composed by the app), and the checklist is asked for again
 * until the plan shows as chosen.
 */
export function OnboardingScreen(props: { notice?: ReactNode }) {
  const [search] = useSearchParams();
  const progress = useOnboardingProgress({ isAwaitingPlan: search.get('checkout') === 'success' });

  let content;
  if (progress.data) {
    content = (
      <>
        {progress.data.completed_percentage === 100 && (
          <Alert color="teal" variant="light" title="You are all set up">
            Everything on the list is done. Your customers can order from your portal.
          </Alert>
        )}
        <OnboardingChecklist progress={progress.data} />
      </>
    );
  } else if (progress.isError) {
    content = (
      <LoadFailedAlert
        title="We could not load your set-up progress"
        message={progress.error.message}
        onRetry={() => void progress.refetch()}
      />
    );
  } else {
    content = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading set-up progress">
        <Skeleton height={72} radius="md" />
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} height={68} radius="md" />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>Onboarding</Title>
        <Text c="dimmed">
          Get your store ready for customers. Each step is ticked off as soon as it is done, wherever you do
          it.
        </Text>
      </Stack>
      {props.notice}
      {content}
    </Stack>
  );
}
