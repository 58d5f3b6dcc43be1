import { Stack, Text, Title } from '@mantine/core';
import { useCurrentAccount } from '#lib/current-account.ts';

export function HomePage() {
  const { data: currentUser, organisation } = useCurrentAccount();
  return (
    <Stack gap="xs">
      <Title order={1}>Home</Title>
      {currentUser && <Text size="lg">Welcome, {currentUser.title}.</Text>}
      {organisation && <Text c="dimmed">You are working in {organisation.title}.</Text>}
      <Text c="dimmed">This screen has not been built yet.</Text>
    </Stack>
  );
}
