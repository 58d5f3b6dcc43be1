import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section of a page under its h2; `headingId` lets a form inside be labelled by the same heading. */
export function TitledSection(props: { title: string; headingId: string; children: ReactNode }) {
  return (
    <Stack gap="md" component="section" aria-labelledby={props.headingId}>
      <Title order={2} id={props.headingId}>
        {props.title}
      </Title>
      {props.children}
    </Stack>
  );
}
