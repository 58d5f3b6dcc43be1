import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A bordered panel of a page under its h2, which names it for assistive technology. */
export function SectionPanel(props: { title: string; children: ReactNode }) {
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
