import { Badge, Button, Group, Text } from '@mantine/core';
import type { AccountingConnection, ServedAccountingProvider } from '@tradeport/contract';
import { useState } from 'react';
import { formatDate } from '#lib/format.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { isConflict, useDisconnect } from '../api/accounting-connection.ts';
import { providerWords, refusal } from '../model/provider-words.ts';
import { SyncNote } from './accounting-states.tsx';
import { SectionPanel } from '#lib/ui/section-panel.tsx';

/** Who connected it and when, as far as the connection says. */
function connectedBy(connection: AccountingConnection): string | null {
  const by = connection.connected_by ? ` by ${connection.connected_by}` : '';
  const on = connection.connected_at ? ` on ${formatDate(connection.connected_at)}` : '';
  return by || on ? `Connected${by}${on}.` : null;
}

/** CONNECTED: the books it reaches, and disconnecting (revoking the grant), once confirmed. */
export function ConnectedPanel(props: {
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
  onChanged: () => void;
}) {
  const { connection } = props;
  const { name } = providerWords(props.provider);
  const disconnect = useDisconnect(props.provider);
  const [isConfirming, setIsConfirming] = useState(false);
  const who = connectedBy(connection);

  const confirm = () => {
    if (connection.version === null) return;
    disconnect.mutate(
      { version: connection.version },
      {
        onSuccess: () => {
          setIsConfirming(false);
          showSuccessToast(`${name} disconnected`);
        },
        onError: (error) => {
          if (!isConflict(error)) return;
          setIsConfirming(false);
          props.onChanged();
        },
      },
    );
  };
  const cancel = () => {
    setIsConfirming(false);
    disconnect.reset();
  };

  return (
    <SectionPanel title={`${name} connection`}>
      <Group gap="sm">
        <Badge color="teal" variant="light" size="lg">
          Connected
        </Badge>
      </Group>
      <Text fw={500}>Connected to {connection.tenant?.name ?? name}</Text>
      {who && <Text size="sm">{who}</Text>}
      <SyncNote name={name} pushOn={connection.mapping.push_on} />
      <Group>
        <Button variant="default" color="red" onClick={() => setIsConfirming(true)}>
          Disconnect {name}
        </Button>
      </Group>
      <ConfirmDialog
        opened={isConfirming}
        title={`Disconnect ${name}?`}
        confirmLabel="Disconnect"
        isConfirming={disconnect.isPending}
        error={
          disconnect.isError && !isConflict(disconnect.error)
            ? refusal(disconnect.error, `${name} could not be disconnected. Try again.`)
            : null
        }
        onCancel={cancel}
        onConfirm={confirm}
      >
        Tradeport’s connection will be revoked at {name}, and Tradeport forgets it. You can connect again
        later.
      </ConfirmDialog>
    </SectionPanel>
  );
}
