import { Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '#lib/use-is-phone.ts';

/**
 * A list as a table, or on a phone as a list of cards, labelled alike for assistive technology;
 * `isUpdating` dims it (and marks it busy) while new filters load.
 */
export function CardsOrTable(props: {
  label: string;
  isUpdating?: boolean;
  /** The table's narrowest width before it scrolls sideways. */
  minWidth: number;
  /** Each item as a card (an `li`). */
  cards: () => ReactNode;
  /** The table's header row. */
  head: ReactNode;
  /** Each item as a table row. */
  rows: () => ReactNode;
}) {
  const isPhone = useIsPhone();
  const busy = props.isUpdating || undefined;
  const dim = { opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' };
  if (isPhone) {
    return (
      <Stack
        component="ul"
        aria-label={props.label}
        aria-busy={busy}
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none', ...dim }}
      >
        {props.cards()}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={props.minWidth}>
      <Table aria-label={props.label} aria-busy={busy} verticalSpacing="xs" style={dim}>
        <Table.Thead>{props.head}</Table.Thead>
        <Table.Tbody>{props.rows()}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
