import { Alert, Stack, Text, Title } from '@mantine/core';
import type { ServedAccountingProvider } from '@tradeport/contract';
import { useEffect } from 'react';
import { isForbidden, useRefreshAccess } from '#lib/access.ts';
import { useCurrentAccount } from '#lib/current-account.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useAccountingConnection } from '../api/accounting-connection.ts';
import { AccountingConnectionView } from '../components/accounting-connection-view.tsx';
import {
  AccountingAdminsOnly,
  AccountingNotSetUp,
  AccountingSkeleton,
} from '../components/accounting-states.tsx';
import { providerWords } from '../model/provider-words.ts';
import { useAccountingReturn } from '../model/use-accounting-return.ts';

/**
 * /xero/settings, /quickbooks/settings and /myob/settings: a merchant's Admin connects its
 * books through the provider's consent page, chooses the organisation when the login reaches
 * several, and disconnects (SPEC §2 accounting integration settings; Admins only, SPEC §6).
 */
export function AccountingSettingsScreen(props: { provider: ServedAccountingProvider }) {
  const { provider } = props;
  const words = providerWords(provider);
  const account = useCurrentAccount();
  const isAdmin = account.organisation?.user_level === 'Admin';
  const connection = useAccountingConnection(provider, { enabled: isAdmin });
  const returned = useAccountingReturn({ provider, isEnabled: isAdmin });
  const refreshAccess = useRefreshAccess();
  const isRefused = isForbidden(connection.error);

  // A refusal means the level we hold is out of date: reloading it corrects the menu too.
  useEffect(() => {
    if (isRefused) refreshAccess();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isRefused]);

  let content;
  if (account.isPending) content = <AccountingSkeleton label={`Loading the ${words.name} settings`} />;
  else if (!isAdmin || isRefused) content = <AccountingAdminsOnly words={words} />;
  else if (returned.status === 'completing') {
    content = <AccountingSkeleton label={`Connecting to ${words.name}`} />;
  } else if (connection.isPending) {
    content = <AccountingSkeleton label={`Loading the ${words.name} settings`} />;
  } else if (connection.isError) {
    content = (
      <LoadFailedAlert
        title={`We could not load the ${words.name} settings`}
        message={connection.error.message}
        onRetry={() => void connection.refetch()}
      />
    );
  } else if (!connection.data.is_set_up) content = <AccountingNotSetUp words={words} />;
  else {
    content = (
      <AccountingConnectionView
        provider={provider}
        connection={connection.data}
        problem={returned.status === 'failed' ? returned.message : null}
      />
    );
  }

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>{words.title}</Title>
        <Text c="dimmed">Connect Tradeport to your {words.name} books.</Text>
      </Stack>
      {returned.status === 'declined' && (
        <Alert color="yellow" variant="light" role="status" title="Not connected">
          You cancelled at {words.name}; nothing was connected.
        </Alert>
      )}
      {content}
    </Stack>
  );
}

// For the router, which renders screens without props.

/** /xero/settings */
export function XeroSettingsScreen() {
  return <AccountingSettingsScreen provider="xero" />;
}

/** /quickbooks/settings */
export function QuickBooksSettingsScreen() {
  return <AccountingSettingsScreen provider="quickbooks" />;
}

/** /myob/settings */
export function MyobSettingsScreen() {
  return <AccountingSettingsScreen provider="myob" />;
}
