import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's facts as a list of terms, two columns where there is room. */
export function Facts(props: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
      {props.children}
    </SimpleGrid>
  );
}

export function Fact(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {props.children}
      </Text>
    </div>
  );
}
