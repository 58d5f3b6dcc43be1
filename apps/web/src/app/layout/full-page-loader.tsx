import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader(props: { label?: string }) {
  const label = props.label ?? 'Loading…';
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
