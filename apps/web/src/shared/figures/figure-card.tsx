import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One headline figure (a sum of money) with what it counts, named for screen readers by its label. */
export function FigureCard(props: { label: string; value: string; note?: ReactNode; color?: string }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={props.label}>
      <Text size="sm" c="dimmed" fw={500}>
        {props.label}
      </Text>
      <Text fz={26} fw={700} c={props.color} style={{ overflowWrap: 'anywhere' }}>
        {props.value}
      </Text>
      {props.note && (
        <Text size="sm" c="dimmed">
          {props.note}
        </Text>
      )}
    </Paper>
  );
}
