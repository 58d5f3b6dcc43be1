import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_IN_PATH } from '#lib/navigation.ts';
import { signOutOfSession } from '../api/session-api.ts';

export function LogoutScreen() {
  const navigate = useNavigate();

  useEffect(() => {
    let isMounted = true;
    void signOutOfSession().then(() => {
      if (isMounted) navigate(SIGN_IN_PATH, { replace: true });
    });
    return () => {
      isMounted = false;
    };
  }, [navigate]);

  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Title order={1}>Log out</Title>
        <Text c="dimmed">Signing you out…</Text>
      </Stack>
    </Center>
  );
}
