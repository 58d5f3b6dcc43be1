import { Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  ACCOUNTING_SYNC_KIND_LABELS,
  type AccountingSyncRecord,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { CardsOrTable } from '#lib/ui/cards-or-table.tsx';
import { useRetrySync } from '../api/accounting-sync.ts';
import { providerWords } from '../model/provider-words.ts';
import { attemptOf, canRetrySync, formatSyncTime } from '../model/sync-words.ts';
import { SyncStatusBadge } from './sync-status-badge.tsx';

/** "Retry" for one record: its own request, so each row spins (and is disabled) on its own. */
function RetryButton(props: { provider: ServedAccountingProvider; record: AccountingSyncRecord }) {
  const retry = useRetrySync(props.provider);
  return (
    <Button
      variant="default"
      size="xs"
      aria-label={`Retry ${props.record.label}`}
      loading={retry.isPending}
      onClick={() => retry.mutate(props.record)}
    >
      Retry
    </Button>
  );
}

function State(props: { record: AccountingSyncRecord }) {
  const { record } = props;
  return (
    <Group gap={6} wrap="nowrap">
      <SyncStatusBadge status={record.status} />
      {record.status === 'PENDING' && (
        <Text size="xs" c="dimmed">
          attempt {attemptOf(record)}
        </Text>
      )}
    </Group>
  );
}

function LastTried(props: { record: AccountingSyncRecord }) {
  const at = props.record.last_attempt_at;
  return at ? <time dateTime={at}>{formatSyncTime(at)}</time> : <>Not yet</>;
}

/** What failed, waits or is being tried again: what it is, how it stands, the provider's words, and "Retry". */
export function SyncProblemsTable(props: {
  provider: ServedAccountingProvider;
  problems: readonly AccountingSyncRecord[];
}) {
  const { provider, problems } = props;
  const { name } = providerWords(provider);
  const retry = (record: AccountingSyncRecord) =>
    canRetrySync(record) ? <RetryButton provider={provider} record={record} /> : null;
  return (
    <CardsOrTable
      label={`Not in ${name} yet`}
      minWidth={760}
      head={
        <Table.Tr>
          <Table.Th>What</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Message</Table.Th>
          <Table.Th>Last tried</Table.Th>
          <Table.Th>
            <VisuallyHidden>Action</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      }
      rows={() =>
        problems.map((record) => (
          <Table.Tr key={record.id}>
            <Table.Th scope="row" fw="normal">
              <Text size="sm" fw={500}>
                {record.label}
              </Text>
              <Text size="xs" c="dimmed">
                {ACCOUNTING_SYNC_KIND_LABELS[record.kind]}
              </Text>
            </Table.Th>
            <Table.Td>
              <State record={record} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {record.message ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                <LastTried record={record} />
              </Text>
            </Table.Td>
            <Table.Td ta="right">{retry(record)}</Table.Td>
          </Table.Tr>
        ))
      }
      cards={() =>
        problems.map((record) => (
          <Paper key={record.id} component="li" withBorder p="sm">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {record.label}{' '}
                  <Text span size="xs" c="dimmed">
                    {ACCOUNTING_SYNC_KIND_LABELS[record.kind]}
                  </Text>
                </Text>
                <State record={record} />
              </Group>
              {record.message && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {record.message}
                </Text>
              )}
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  Last tried <LastTried record={record} />
                </Text>
                {retry(record)}
              </Group>
            </Stack>
          </Paper>
        ))
      }
    />
  );
}
