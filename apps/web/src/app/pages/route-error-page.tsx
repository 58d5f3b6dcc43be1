import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { routePath } from '#lib/routes.ts';

// A lazy screen's chunk that fails to load (usually a deploy since the page was opened) stays failed
// for React.lazy, so only a full reload fetches the new one.
const CHUNK_LOAD_FAILURE = /dynamically imported module|Importing a module script failed/i;

function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/**
 * What a screen that throws shows instead of a blank page. The error's own text stays in the
 * console: it is written for developers and may name internals.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();

  const tryAgain = () => {
    if (isChunkLoadFailure(error)) {
      window.location.reload();
      return;
    }
    // A navigation to the same address gives the router a new location, which clears the caught
    // error and renders the screen again, with the page's query string and state kept.
    void navigate(location, { replace: true });
  };

  return (
    <Stack gap="sm" align="flex-start" p="lg">
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed">
        This page stopped working. Try again, and if it keeps happening, go back to Home and start from there.
      </Text>
      <Group>
        <Button onClick={tryAgain}>Try again</Button>
        <Anchor component={Link} to={routePath('/')}>
          Go to Home
        </Anchor>
      </Group>
    </Stack>
  );
}
