import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { organisationIdStore } from '#lib/organisation.ts';
import { QueryStatus } from '#lib/ui/query-status.tsx';
import { supportContactQuery, telHref } from '../api/support-api.ts';

export function SupportScreen() {
  const organisationId = organisationIdStore.useValue();
  const query = useQuery(supportContactQuery(organisationId));

  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>Support</Title>
        <Text c="dimmed">Questions about orders, billing or your account? We're here to help.</Text>
      </Stack>
      <QueryStatus
        query={query}
        loadingLabel="Loading support details"
        errorTitle="Support details could not be loaded"
      />
      {query.data && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Email
              </Text>
              <Anchor href={`mailto:${query.data.email}`} size="lg">
                {query.data.email}
              </Anchor>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Phone
              </Text>
              <Anchor href={telHref(query.data.phone)} size="lg">
                {query.data.phone}
              </Anchor>
            </Stack>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
