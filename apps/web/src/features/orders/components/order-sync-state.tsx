import { Badge, Button, Group, Text } from '@mantine/core';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNTING_PROVIDER_NAMES,
  ACCOUNTING_SYNC_STATUS_LABELS,
  type AccountingSyncRecord,
  type AccountingSyncStatus,
  getXeroSyncHealth,
  type Order,
  retryXeroSync,
} from '@tradeport/contract';
import { useIsAdmin } from '#lib/access.ts';
import { request } from '#lib/api-client.ts';
import { useCurrentAccount } from '#lib/current-account.ts';
import { formatDate } from '#lib/format.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { showSuccessToast } from '#lib/toasts.ts';

// The order's invoice in the merchant's Xero books, for its Admins. Features do not import each
// other (DESIGN §3), so this asks the accounting sync endpoint itself; its keys have the accounting
// feature's shape (organisation, 'accounting', provider, 'sync', source), so a retry on either
// screen refreshes both.

const NAME = ACCOUNTING_PROVIDER_NAMES.xero;
/** While the invoice is queued or waits, asked again this often, so a retry is seen to land. */
const POLL_MS = 10_000;
/**
 * Answers that mean there is nothing to show here: not an Admin (403), not connected or not set up
 * (409), or no such endpoint on this server (404). The line is left out, without a toast.
 */
const QUIET_CODES = ['FORBIDDEN', 'CONFLICT', 'ACCOUNTING_NOT_SET_UP', 'NOT_FOUND'] as const;

const syncKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'accounting', 'xero', 'sync'),
  // The version, so that a change to the order (completing it sends the invoice) asks again.
  order: (organisationId: string | null, orderId: string, version: number) =>
    scopedKey(organisationId, 'accounting', 'xero', 'sync', orderId, version),
};

const COLOURS: Record<AccountingSyncStatus, string> = {
  SYNCED: 'teal',
  PENDING: 'yellow',
  WAITING: 'gray',
  FAILED: 'red',
  SKIPPED: 'gray',
};

function useInvoiceSync(order: Pick<Order, 'id' | 'version'>, isEnabled: boolean) {
  const organisationId = useCurrentAccount().organisation?.id ?? null;
  return useQuery({
    queryKey: syncKeys.order(organisationId, order.id, order.version),
    queryFn:
      organisationId && isEnabled
        ? ({ signal }) =>
            request(getXeroSyncHealth, {
              params: { id: organisationId },
              query: { source_id: order.id },
              signal,
              organisationId,
              handledErrorCodes: QUIET_CODES,
            })
        : skipToken,
    select: (health) => health.problems.find((record) => record.kind === 'INVOICE') ?? null,
    // Keeps the line in place while an edited order's state is asked for again.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.problems.some((record) => record.status === 'PENDING' || record.status === 'WAITING')
        ? POLL_MS
        : false,
  });
}

function RetryButton(props: { record: AccountingSyncRecord }) {
  const organisationId = useCurrentAccount().organisation?.id ?? null;
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(retryXeroSync, { params: { id: organisationId, rid: props.record.id }, organisationId });
    },
    onSuccess: async () => {
      showSuccessToast('Sent again');
      await queryClient.invalidateQueries({ queryKey: syncKeys.all(organisationId) });
    },
  });
  return (
    <Button
      variant="default"
      size="compact-sm"
      aria-label={`Retry sending ${props.record.label} to ${NAME}`}
      loading={retry.isPending}
      onClick={() => retry.mutate()}
    >
      Retry
    </Button>
  );
}

/**
 * For a merchant's Admin: whether this order's invoice is in Xero (Synced ✓), on its way, waiting,
 * refused (with Xero's words and Retry) or not sent. Nothing when Xero is not connected, the
 * invoice has no record, or the person may not see it.
 */
export function OrderSyncState(props: { order: Pick<Order, 'id' | 'version'> }) {
  const isAdmin = useIsAdmin();
  const isMerchant = useCurrentAccount().data?.is_merchant ?? false;
  const sync = useInvoiceSync(props.order, isAdmin && isMerchant);
  const record = sync.data;
  if (!isAdmin || !isMerchant || sync.isError || !record) return null;

  return (
    <Group gap="xs" role="group" aria-label={`${NAME} invoice`}>
      <Text size="sm" c="dimmed">
        {NAME}
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
      {record.status === 'FAILED' && <RetryButton record={record} />}
    </Group>
  );
}
