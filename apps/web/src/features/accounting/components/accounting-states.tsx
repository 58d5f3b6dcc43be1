import { EmptyState, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { AccountingPushTrigger } from '@tradeport/contract';
import { ADMIN_ONLY_REASON } from '#lib/admin-only-reason.ts';
import { ServerKeysMissing } from '#lib/ui/server-keys-missing.tsx';
import type { ProviderWords } from '../model/provider-words.ts';

/** Where the connection will be, while it loads (or while the code is exchanged for it). */
export function AccountingSkeleton(props: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">{props.label}</VisuallyHidden>
      <Skeleton height={24} width="40%" radius="sm" />
      <Skeleton height={120} radius="md" />
    </Stack>
  );
}

/** A User of the merchant: integrations are its Admins' to manage. */
export function AccountingAdminsOnly(props: { words: ProviderWords }) {
  return (
    <EmptyState>
      <EmptyState.Title order={2}>Only Admins manage integrations</EmptyState.Title>
      <EmptyState.Description>
        {props.words.name} is connected and disconnected by an Admin of this organisation. {ADMIN_ONLY_REASON}
      </EmptyState.Description>
    </EmptyState>
  );
}

/** Without the provider's keys on the server nothing here can work: say so, and what sets it up. */
export function AccountingNotSetUp(props: { words: ProviderWords }) {
  const { name, serverKeys } = props.words;
  return (
    <ServerKeysMissing
      title={`${name} is not set up on this server`}
      consequence={`This Tradeport server has no ${name} keys, so ${name} cannot be connected.`}
      keys={serverKeys}
    />
  );
}

/**
 * What Tradeport sends to the books, in honest words. Connected (`pushOn`, the saved "Send
 * invoices"): when each invoice goes, and where failures are listed.
 */
export function SyncNote(props: { name: string; pushOn?: AccountingPushTrigger }) {
  const { name, pushOn } = props;
  if (!pushOn) {
    return (
      <Text size="sm" c="dimmed">
        Once connected, Tradeport sends your invoices, the payments you receive and your credit notes to{' '}
        {name}.
      </Text>
    );
  }
  const when = pushOn === 'ON_PLACING' ? 'placed' : 'completed';
  return (
    <Text size="sm" c="dimmed">
      Tradeport sends each invoice to {name} when its order is {when} (“Send invoices” under Mapping), each
      payment received and each credit note. Anything {name} does not accept is listed under Sync, with Retry.
    </Text>
  );
}
