import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** An auth or sign-up step that a later issue builds; no form until it really works. */
export function UnbuiltScreen(props: { title: string; back: { path: string; label: string } }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1}>{props.title}</Title>
        <Text c="dimmed">This screen has not been built yet.</Text>
        <Anchor component={Link} to={props.back.path}>
          {props.back.label}
        </Anchor>
      </Stack>
    </Center>
  );
}
