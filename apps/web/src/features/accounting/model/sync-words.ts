import type { AccountingSyncRecord, AccountingSyncStatus } from '@tradeport/contract';
import { formatDate } from '#lib/format.ts';

/** Synced reads green, on its way yellow, stuck grey and refused red, so the list reads at a glance. */
export const SYNC_STATUS_COLOURS: Record<AccountingSyncStatus, string> = {
  SYNCED: 'teal',
  PENDING: 'yellow',
  WAITING: 'gray',
  FAILED: 'red',
  SKIPPED: 'gray',
};

/** The counts' order: how most of it went first, then what is on its way, then what needs a look. */
export const SYNC_COUNT_ORDER: readonly AccountingSyncStatus[] = [
  'SYNCED',
  'PENDING',
  'WAITING',
  'FAILED',
  'SKIPPED',
];

/**
 * What "Retry" can send again: one that failed, waits or was not sent, and one whose last attempt
 * failed (sent now rather than after the backoff). One synced, or on its first try, has nothing to retry.
 */
export const canRetrySync = (record: Pick<AccountingSyncRecord, 'status' | 'attempts'>) =>
  record.status === 'FAILED' ||
  record.status === 'WAITING' ||
  record.status === 'SKIPPED' ||
  (record.status === 'PENDING' && record.attempts > 0);

/**
 * A queued record that has failed before is on its next try: the attempts so far count the ones
 * that failed, so this one is one more.
 */
export const attemptOf = (record: Pick<AccountingSyncRecord, 'attempts'>) => record.attempts + 1;

const timeFormat = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });

/** "04/03/2025 12:30 pm": en-AU, in the viewer's time zone, as the order history shows times. */
export function formatSyncTime(at: string): string {
  return `${formatDate(at)} ${timeFormat.format(new Date(at))}`;
}
