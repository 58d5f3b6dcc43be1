import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { documentTitle, NOT_FOUND_TITLE, routePath } from '#lib/routes.ts';

/**
 * No page at this address, or none for this person (a café at a merchant screen): either way the
 * tab says so, not the title of the screen they cannot have.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(NOT_FOUND_TITLE);
  }, [pathname]);
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
