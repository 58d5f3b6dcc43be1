import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NOT_FOUND_TITLE, routePath } from '#lib/routes.ts';

export function NotFoundPage() {
  return (
    <Stack gap="xs" align="flex-start">
      <Title order={1}>{NOT_FOUND_TITLE}</Title>
      <Text c="dimmed">There is no page at this address.</Text>
      <Anchor component={Link} to={routePath('/')}>
        Go to Home
      </Anchor>
    </Stack>
  );
}
