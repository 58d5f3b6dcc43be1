import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MerchantHome } from '#features/home/components/merchant-home.tsx';
import { OnboardingSummary } from '#features/onboarding/components/onboarding-summary.tsx';
import { CustomerHome } from './customer-home.tsx';
import { useCurrentAccount } from '#lib/current-account.ts';
import { routePath } from '#lib/routes.ts';

/** Before the person has an organisation (right after sign-up): the ways to get one. */
function GettingStarted() {
  return (
    <Stack gap="xs">
      <Text>You are not part of an organisation yet.</Text>
      <Text c="dimmed">
        Set up your own from the menu, or if a colleague has invited you:{' '}
        <Anchor component={Link} to={routePath('/user/invitations')}>
          See your invitations
        </Anchor>
      </Text>
    </Stack>
  );
}

export function HomePage() {
  const { data: currentUser, organisation } = useCurrentAccount();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Home</Title>
        {currentUser && <Text size="lg">Welcome, {currentUser.title}.</Text>}
        {organisation && <Text c="dimmed">You are working in {organisation.title}.</Text>}
      </Stack>
      {currentUser && !organisation && <GettingStarted />}
      {organisation && currentUser?.is_merchant && organisation.user_level === 'Admin' && (
        <OnboardingSummary />
      )}
      {organisation && currentUser?.is_merchant && <MerchantHome />}
      {organisation && currentUser && !currentUser.is_merchant && <CustomerHome />}
    </Stack>
  );
}
