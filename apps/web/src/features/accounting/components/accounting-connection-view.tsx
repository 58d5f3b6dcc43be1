import { Alert, Stack } from '@mantine/core';
import type { AccountingConnection, ServedAccountingProvider } from '@tradeport/contract';
import { useState } from 'react';
import { providerWords } from '../model/provider-words.ts';
import { BooksLinksSections } from './books-links-sections.tsx';
import { ConnectPanel } from './connect-panel.tsx';
import { ConnectedPanel } from './connected-panel.tsx';
import { MappingSection } from './mapping-section.tsx';
import { SyncHealthSection } from './sync-health-section.tsx';
import { TenantChooser } from './tenant-chooser.tsx';

/**
 * The merchant's connection, by its status, once the server has the provider's keys. `problem`: why
 * the return from the consent page brought no connection. A change refused as stale reloads the
 * connection (the api layer does) and says so here, above whichever panel the new status shows.
 */
export function AccountingConnectionView(props: {
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
  problem: string | null;
}) {
  const { provider, connection } = props;
  const { name } = providerWords(provider);
  const [hasChanged, setHasChanged] = useState(false);
  const onChanged = () => setHasChanged(true);

  let panel;
  if (connection.status === 'CONNECTED') {
    panel = (
      <>
        <ConnectedPanel provider={provider} connection={connection} onChanged={onChanged} />
        <MappingSection provider={provider} connection={connection} onChanged={onChanged} />
        <BooksLinksSections provider={provider} connection={connection} />
        <SyncHealthSection provider={provider} />
      </>
    );
  } else if (connection.status === 'CHOOSING_TENANT') {
    panel = <TenantChooser provider={provider} connection={connection} onChanged={onChanged} />;
  } else {
    panel = (
      <ConnectPanel
        provider={provider}
        connection={connection}
        problem={props.problem}
        onChanged={onChanged}
      />
    );
  }
  // The connect panel says what went wrong beside its button; the others above themselves.
  const isProblemElsewhere =
    props.problem !== null && (connection.status === 'CONNECTED' || connection.status === 'CHOOSING_TENANT');

  return (
    <Stack gap="lg">
      {hasChanged && (
        <Alert color="yellow" variant="light" title={`The ${name} connection changed`}>
          It changed meanwhile (in another tab, or by another Admin), so it has been loaded again. Check it
          and try again if you still need to.
        </Alert>
      )}
      {isProblemElsewhere && (
        <Alert color="red" variant="light">
          {props.problem}
        </Alert>
      )}
      {panel}
    </Stack>
  );
}
