import { Badge, EmptyState, Group, Text } from '@mantine/core';
import {
  ACCOUNTING_SYNC_STATUS_LABELS,
  type AccountingSyncHealth,
  type ServedAccountingProvider,
  SYNC_HEALTH_LIMIT,
} from '@tradeport/contract';
import { countOf } from '#lib/format.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { SectionPanel } from '#lib/ui/section-panel.tsx';
import { useAccountingSyncHealth } from '../api/accounting-sync.ts';
import { providerWords, refusal } from '../model/provider-words.ts';
import { SYNC_COUNT_ORDER, SYNC_STATUS_COLOURS } from '../model/sync-words.ts';
import { AccountingSkeleton } from './accounting-states.tsx';
import { SyncProblemsTable } from './sync-problems-table.tsx';

/** How many records are in each state, as a row of small badges. */
function SyncCounts(props: { name: string; counts: AccountingSyncHealth['counts'] }) {
  return (
    <Group
      component="ul"
      aria-label={`Sent to ${props.name}, by state`}
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {SYNC_COUNT_ORDER.map((status) => (
        <li key={status}>
          <Badge variant="light" size="lg" color={SYNC_STATUS_COLOURS[status]} tt="none">
            {`${ACCOUNTING_SYNC_STATUS_LABELS[status]} ${props.counts[status].toLocaleString('en-AU')}`}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

/** Nothing failed or waits: whether that is because all went through, is going, or nothing went yet. */
function NothingWrong(props: { name: string; counts: AccountingSyncHealth['counts'] }) {
  const { name, counts } = props;
  let title;
  let description;
  if (counts.PENDING > 0) {
    title = 'Nothing has failed';
    description = `Sending ${countOf(counts.PENDING, 'record')} to ${name} now.`;
  } else if (counts.SYNCED > 0) {
    title = `Everything has been sent to ${name}`;
    description = `${countOf(counts.SYNCED, 'record')} in your ${name} books are up to date.`;
  } else {
    title = 'Nothing has been sent yet';
    description = `Invoices and payments show here once Tradeport sends them to ${name}.`;
  }
  return (
    <EmptyState>
      <EmptyState.Title order={3}>{title}</EmptyState.Title>
      <EmptyState.Description>{description}</EmptyState.Description>
    </EmptyState>
  );
}

function SyncHealthView(props: { provider: ServedAccountingProvider; health: AccountingSyncHealth }) {
  const { provider, health } = props;
  const { name } = providerWords(provider);
  return (
    <>
      <SyncCounts name={name} counts={health.counts} />
      {health.problems.length === 0 ? (
        <NothingWrong name={name} counts={health.counts} />
      ) : (
        <>
          <SyncProblemsTable provider={provider} problems={health.problems} />
          {health.problems.length >= SYNC_HEALTH_LIMIT && (
            <Text size="sm" c="dimmed">
              Only the newest {SYNC_HEALTH_LIMIT} are listed.
            </Text>
          )}
        </>
      )}
    </>
  );
}

/**
 * CONNECTED: how sending invoices and payments to the books is going. What failed or waits is
 * listed with the provider's words and "Retry"; while anything is under way it is asked for again
 * every few seconds, so a retry is seen to go through.
 */
export function SyncHealthSection(props: { provider: ServedAccountingProvider }) {
  const { provider } = props;
  const { name } = providerWords(provider);
  const health = useAccountingSyncHealth(provider);

  let content;
  if (health.data) {
    // A failed poll keeps what was shown; the next one tries again.
    content = <SyncHealthView provider={provider} health={health.data} />;
  } else if (health.isError) {
    content = (
      <LoadFailedAlert
        title={`We could not load what has been sent to ${name}`}
        message={refusal(health.error, 'Tradeport could not be reached.')}
        onRetry={() => void health.refetch()}
      />
    );
  } else {
    content = <AccountingSkeleton label={`Loading what has been sent to ${name}`} />;
  }

  return (
    <SectionPanel title="Sync">
      <Text>
        Invoices and payments Tradeport sends to {name}. What {name} refused, or what waits, is listed here
        with its reason: fix it in {name} or Tradeport, then retry.
      </Text>
      {content}
    </SectionPanel>
  );
}
