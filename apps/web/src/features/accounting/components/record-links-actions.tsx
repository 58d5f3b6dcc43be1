import { Button, Group, Stack, Text } from '@mantine/core';
import { MAX_BOOKS_BATCH } from '@tradeport/contract';
import { useId } from 'react';
import { countOf } from '#lib/format.ts';
import type { LinksWords } from '../model/link-words.ts';

export type LinkCounts = { total: number; linked: number; suggested: number };

const number = (count: number) => count.toLocaleString('en-AU');

/** Why "Create in …" can or cannot be used with what is ticked. */
function createHint(words: LinksWords, chosen: number): string {
  if (chosen === 0) {
    return `Tick unlinked ${words.records} to create their ${words.bookRecords} in ${words.name}.`;
  }
  if (chosen > MAX_BOOKS_BATCH) {
    return `${countOf(chosen, words.record, words.records)} ticked: at most ${MAX_BOOKS_BATCH} at a time.`;
  }
  return `${countOf(chosen, words.record, words.records)} ticked.`;
}

/**
 * Above the table: how many are linked and suggested, "Link N suggested", and "Create in …" for
 * the unlinked rows ticked. Each is disabled while the other runs: both change the same rows.
 */
export function RecordLinksActions(props: {
  words: LinksWords;
  counts: LinkCounts;
  chosen: number;
  busy: 'LINK_SUGGESTED' | 'CREATE' | null;
  onLinkSuggested: () => void;
  onCreate: () => void;
}) {
  const { words, counts, chosen, busy } = props;
  const hintId = useId();
  const canCreate = chosen > 0 && chosen <= MAX_BOOKS_BATCH;
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="center" gap="sm">
        <Text fw={500} aria-live="polite">
          {`${number(counts.linked)} of ${number(counts.total)} linked`}
          {counts.suggested > 0 && `, ${number(counts.suggested)} suggested`}
        </Text>
        <Group gap="sm">
          {counts.suggested > 0 && (
            <Button
              variant="light"
              loading={busy === 'LINK_SUGGESTED'}
              disabled={busy === 'CREATE'}
              onClick={props.onLinkSuggested}
            >
              {`Link ${number(counts.suggested)} suggested`}
            </Button>
          )}
          <Button
            variant="default"
            aria-describedby={hintId}
            loading={busy === 'CREATE'}
            disabled={!canCreate || busy === 'LINK_SUGGESTED'}
            onClick={props.onCreate}
          >
            Create in {words.name}
          </Button>
        </Group>
      </Group>
      <Text id={hintId} size="xs" c="dimmed" ta="right">
        {createHint(words, chosen)}
      </Text>
    </Stack>
  );
}
