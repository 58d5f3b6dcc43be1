import { Badge } from '@mantine/core';
import { ACCOUNTING_SYNC_STATUS_LABELS, type AccountingSyncStatus } from '@tradeport/contract';
import { SYNC_STATUS_COLOURS } from '../model/sync-words.ts';

/** A sync record's state in the contract's words: Synced, Sending, Waiting, Failed, Not sent. */
export function SyncStatusBadge(props: { status: AccountingSyncStatus }) {
  return (
    <Badge variant="light" color={SYNC_STATUS_COLOURS[props.status]} style={{ flexShrink: 0 }}>
      {ACCOUNTING_SYNC_STATUS_LABELS[props.status]}
    </Badge>
  );
}
