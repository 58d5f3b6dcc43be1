import { Stack, Text, Title } from '@mantine/core';

/** A navigation route whose screen comes in a later issue; it says so rather than faking content. */
export function PlaceholderPage(props: { title: string }) {
  return (
    <Stack gap="xs">
      <Title order={1}>{props.title}</Title>
      <Text c="dimmed">This screen has not been built yet.</Text>
    </Stack>
  );
}
