import { Badge, Button, Group, Text } from '@mantine/core';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  ACCOUNTING_PROVIDER_NAMES,
  ACCOUNTING_SYNC_ENDPOINTS,
  ACCOUNTING_SYNC_STATUS_LABELS,
  type AccountingSyncRecord,
  type AccountingSyncStatus,
  type Order,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { useIsAdmin } from '#lib/access.ts';
import { useCurrentAccount } from '#lib/current-account.ts';
import { formatDate } from '#lib/format.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import {
  readSyncHealth,
  SYNC_POLL_MS,
  syncKeys,
  useRetrySync,
} from '#shared/accounting-sync/accounting-sync.ts';

// The order's invoice in the merchant's books (Xero, QuickBooks Online, MYOB Business: each one
// connected), for its Admins, read and retried through the accounting sync shared with the
// accounting settings' Sync panel (same keys: a retry on either screen refreshes both).

const PROVIDERS = Object.keys(ACCOUNTING_SYNC_ENDPOINTS) as ServedAccountingProvider[];
/**
 * Answers that mean there is nothing to show here: not an Admin (403), not connected or not set up
 * (409), or no such endpoint on this server (404). The line is left out, without a toast.
 */
const QUIET_CODES = ['FORBIDDEN', 'CONFLICT', 'ACCOUNTING_NOT_SET_UP', 'NOT_FOUND'] as const;

const COLOURS: Record<AccountingSyncStatus, string> = {
  SYNCED: 'teal',
  PENDING: 'yellow',
  WAITING: 'gray',
  FAILED: 'red',
  SKIPPED: 'gray',
};

function useInvoiceSync(provider: ServedAccountingProvider, order: Pick<Order, 'id' | 'version'>) {
  const organisationId = useOrganisationId();
  return useQuery({
    // The version, so that a change to the order (completing it sends the invoice) asks again.
    queryKey: syncKeys.of(organisationId, provider, order.id, order.version),
    queryFn: organisationId
      ? ({ signal }) =>
          readSyncHealth({
            provider,
            organisationId,
            sourceId: order.id,
            signal,
            handledErrorCodes: QUIET_CODES,
          })
      : skipToken,
    select: (health) => health.problems.find((record) => record.kind === 'INVOICE') ?? null,
    // Keeps the line in place while an edited order's state is asked for again.
    placeholderData: keepPreviousData,
    // While the invoice is queued or waits, so a retry is seen to land.
    refetchInterval: (query) =>
      query.state.data?.problems.some((record) => record.status === 'PENDING' || record.status === 'WAITING')
        ? SYNC_POLL_MS
        : false,
  });
}

function RetryButton(props: { provider: ServedAccountingProvider; record: AccountingSyncRecord }) {
  const retry = useRetrySync(props.provider);
  return (
    <Button
      variant="default"
      size="compact-sm"
      aria-label={`Retry sending ${props.record.label} to ${ACCOUNTING_PROVIDER_NAMES[props.provider]}`}
      loading={retry.isPending}
      onClick={() => retry.mutate(props.record)}
    >
      Retry
    </Button>
  );
}

/**
 * For a merchant's Admin: whether this order's invoice is in each of its books (Synced ✓), on its
 * way, waiting, refused (with the provider's words and Retry) or not sent. Nothing for books not
 * connected, an invoice with no record, or a person who may not see it.
 */
export function OrderSyncState(props: { order: Pick<Order, 'id' | 'version'> }) {
  const isAdmin = useIsAdmin();
  const isMerchant = useCurrentAccount().data?.is_merchant ?? false;
  if (!isAdmin || !isMerchant) return null;
  return PROVIDERS.map((provider) => (
    <ProviderInvoiceSync key={provider} provider={provider} order={props.order} />
  ));
}

function ProviderInvoiceSync(props: {
  provider: ServedAccountingProvider;
  order: Pick<Order, 'id' | 'version'>;
}) {
  const name = ACCOUNTING_PROVIDER_NAMES[props.provider];
  const sync = useInvoiceSync(props.provider, props.order);
  const record = sync.data;
  if (sync.isError || !record) return null;

  return (
    <Group gap="xs" role="group" aria-label={`${name} invoice`}>
      <Text size="sm" c="dimmed">
        {name}
      </Text>
      <Badge variant="light" color={COLOURS[record.status]} style={{ flexShrink: 0 }}>
        {ACCOUNTING_SYNC_STATUS_LABELS[record.status]}
        {record.status === 'SYNCED' && <span aria-hidden="true"> ✓</span>}
      </Badge>
      {record.status === 'SYNCED' && record.synced_at && (
        <Text size="sm" c="dimmed">
          on {formatDate(record.synced_at)}
        </Text>
      )}
      {record.status !== 'SYNCED' && record.message && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {record.message}
        </Text>
      )}
      {record.status === 'FAILED' && <RetryButton provider={props.provider} record={record} />}
    </Group>
  );
}
