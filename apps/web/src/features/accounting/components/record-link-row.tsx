import { Button, Card, Checkbox, type ComboboxItem, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { AccountingLink } from '@tradeport/contract';
import { type ReactNode, useState } from 'react';
import { type LinksWords, linkedByText } from '../model/link-words.ts';

/** A customer or product as its row shows it, whichever it is. */
export type LinkRowView = {
  id: string;
  name: string;
  /** What else tells it apart: ABN and email, SKU and price. */
  details: ReactNode;
  link: AccountingLink | null;
  /** Unlinked only: the books' record automatic matching pairs it with, and why. */
  suggestion: (ComboboxItem & { reason: string }) | null;
};

export type LinkRowProps = {
  row: LinkRowView;
  words: LinksWords;
  /** The books' records no other customer (product) is linked to. */
  choices: readonly ComboboxItem[];
  isSelected: boolean;
  onToggle: () => void;
  /** A link or unlink of this row is under way (until the list shows it). */
  isChanging: boolean;
  onLink: (choice: ComboboxItem) => void;
  onUnlink: () => void;
};

/** Most choices the picker lists at once: searching narrows a large book down. */
const SHOWN_CHOICES = 100;

function Record(props: { row: LinkRowView }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {props.row.name}
      </Text>
      {props.row.details}
    </>
  );
}

function Linked(props: { link: AccountingLink }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {props.link.external_name}
      </Text>
      <Text size="xs" c="dimmed">
        {linkedByText(props.link)}
      </Text>
    </>
  );
}

/**
 * An unlinked row's picker, set to the suggestion when there is one (linked only on "Link", so a
 * slip in the list links nothing), and the button beside it.
 */
function useChoice(props: LinkRowProps) {
  const { row, words } = props;
  const [value, setValue] = useState<string | null>(row.suggestion?.value ?? null);
  // The suggestion is one of the free records; listed first should the books' answer have left it out.
  const choices =
    row.suggestion && !props.choices.some((choice) => choice.value === row.suggestion?.value)
      ? [row.suggestion, ...props.choices]
      : props.choices;
  const chosen = choices.find((choice) => choice.value === value);
  const isSuggested = row.suggestion !== null && value === row.suggestion.value;
  const picker = (
    <Select
      aria-label={`${words.name} ${words.bookRecord} for ${row.name}`}
      placeholder="Not linked"
      description={isSuggested ? `Suggested: ${row.suggestion?.reason}` : undefined}
      data={choices}
      value={value}
      onChange={setValue}
      searchable
      limit={SHOWN_CHOICES}
      nothingFoundMessage={`No unlinked ${words.bookRecord} by that name`}
      disabled={props.isChanging}
      size="xs"
    />
  );
  const action = props.row.link ? (
    <Button
      variant="default"
      size="xs"
      aria-label={`Unlink ${row.name}`}
      loading={props.isChanging}
      onClick={props.onUnlink}
    >
      Unlink
    </Button>
  ) : (
    <Button
      size="xs"
      aria-label={`Link ${row.name}`}
      disabled={!chosen}
      loading={props.isChanging}
      onClick={() => chosen && props.onLink(chosen)}
    >
      Link
    </Button>
  );
  const books = row.link ? <Linked link={row.link} /> : picker;
  const select = row.link ? null : (
    <Checkbox aria-label={`Select ${row.name}`} checked={props.isSelected} onChange={props.onToggle} />
  );
  return { books, action, select };
}

/** One customer (product) in the table: ticked for creating, its record in the books, and Link or Unlink. */
export function RecordLinkRow(props: LinkRowProps) {
  const { books, action, select } = useChoice(props);
  return (
    <Table.Tr>
      <Table.Td>{select}</Table.Td>
      <Table.Th scope="row" fw="normal">
        <Record row={props.row} />
      </Table.Th>
      <Table.Td>{books}</Table.Td>
      <Table.Td ta="right">{action}</Table.Td>
    </Table.Tr>
  );
}

/** The same on a phone, as a card. */
export function RecordLinkCard(props: LinkRowProps) {
  const { books, action, select } = useChoice(props);
  return (
    <Card component="li" withBorder padding="sm" aria-label={props.row.name}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {select}
        <Stack gap="xs" style={{ minWidth: 0, flex: 1 }}>
          <div>
            <Record row={props.row} />
          </div>
          <div>{books}</div>
          <Group justify="flex-end">{action}</Group>
        </Stack>
      </Group>
    </Card>
  );
}
