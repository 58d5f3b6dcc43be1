import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled panel of the customer page. */
export function Section(props: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={props.title}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {props.title}
          </Title>
          {props.description && (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          )}
        </Stack>
        {props.children}
      </Stack>
    </Paper>
  );
}
