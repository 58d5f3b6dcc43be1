import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A bordered section of the settings page under its h2, named by it. */
export function Panel(props: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}
