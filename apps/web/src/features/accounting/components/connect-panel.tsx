import { Alert, Button, Group, Text } from '@mantine/core';
import type { AccountingConnection, ServedAccountingProvider } from '@tradeport/contract';
import { isConflict, isStale, useStartConnect } from '../api/accounting-connection.ts';
import { providerWords, refusal } from '../model/provider-words.ts';
import { SyncNote } from './accounting-states.tsx';
import { leaveForProvider } from './leave-for-provider.ts';
import { SectionPanel } from '#lib/ui/section-panel.tsx';

/**
 * Not connected, or the provider refused the grant (NEEDS_RECONNECT): its consent page, where the
 * merchant signs in and allows Tradeport in. `problem`: why the last attempt failed, when the
 * provider sent the person back without a connection.
 */
export function ConnectPanel(props: {
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
  problem: string | null;
  onChanged: () => void;
}) {
  const { name, tenant } = providerWords(props.provider);
  const connect = useStartConnect(props.provider);
  const needsReconnect = props.connection.status === 'NEEDS_RECONNECT';
  const startConnect = () =>
    connect.mutate(undefined, {
      onSuccess: ({ url }) => leaveForProvider(url),
      onError: (error) => {
        if (isConflict(error)) props.onChanged();
      },
    });
  return (
    <SectionPanel title={`${name} connection`}>
      {needsReconnect ? (
        <Alert color="red" variant="light" title={`${name} no longer accepts Tradeport’s connection`}>
          The access was withdrawn at {name}, or it expired.
          {props.connection.tenant
            ? ` Connect again to reach ${props.connection.tenant.name} again.`
            : ' Connect again to restore it.'}
        </Alert>
      ) : (
        <>
          <Text>
            Connecting lets Tradeport reach your {name} books. You sign in to {name}, allow Tradeport access
            there and come back here; if your login reaches several {tenant}s, you then choose one. Once
            connected, you can disconnect, which withdraws the access at {name}.
          </Text>
          <SyncNote name={name} />
        </>
      )}
      {props.problem && (
        <Alert color="red" variant="light" title={`${name} is not connected`}>
          {props.problem}
        </Alert>
      )}
      {connect.isError && !isStale(connect.error) && (
        <Alert color="red" variant="light">
          {refusal(connect.error, `${name} could not be reached. Try again.`)}
        </Alert>
      )}
      <Group>
        <Button loading={connect.isPending || connect.isSuccess} onClick={startConnect}>
          {needsReconnect || props.problem ? 'Connect again' : `Connect to ${name}`}
        </Button>
      </Group>
    </SectionPanel>
  );
}
