import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list screen's heading: the route's title, a line on what the list holds, and its actions. */
export function ListPageHeader(props: { title: string; description: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Title order={1}>{props.title}</Title>
        <Text c="dimmed">{props.description}</Text>
      </Stack>
      {props.actions}
    </Group>
  );
}
