import { Alert, Text } from '@mantine/core';
import {
  type AccountingConnection,
  isMappingComplete,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { SectionPanel } from '#lib/ui/section-panel.tsx';
import { useAccountingBooks } from '../api/accounting-mapping.ts';
import { providerWords, refusal } from '../model/provider-words.ts';
import { AccountingSkeleton } from './accounting-states.tsx';
import { MappingForm } from './mapping-form.tsx';

/**
 * CONNECTED: where sales, fees, payments and GST land in the books, picked from the accounts and
 * tax rates the provider has now (read on each visit, so a new account shows at once).
 */
export function MappingSection(props: {
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
  onChanged: () => void;
}) {
  const { provider, connection } = props;
  const { name } = providerWords(provider);
  const books = useAccountingBooks(provider, connection.tenant?.id ?? null);

  let content;
  if (books.isPending) {
    content = <AccountingSkeleton label={`Loading the accounts and tax rates from ${name}`} />;
  } else if (books.isError) {
    content = (
      <LoadFailedAlert
        title={`We could not read your ${name} accounts and tax rates`}
        message={refusal(books.error, `${name} could not be reached.`)}
        onRetry={() => void books.refetch()}
      />
    );
  } else if (connection.version !== null) {
    content = (
      // A new version (saved here, or reloaded after someone else's change) starts the form afresh.
      <MappingForm
        key={connection.version}
        provider={provider}
        connection={connection}
        version={connection.version}
        books={books.data}
        onChanged={props.onChanged}
      />
    );
  }

  return (
    <SectionPanel title="Mapping">
      <Text>Choose where Tradeport’s sales, fees, payments and GST land in your {name} books.</Text>
      {!isMappingComplete(connection.mapping) && (
        <Alert color="yellow" variant="light" role="status" title="The mapping is not complete">
          Nothing is sent to {name} until the sales account and both tax rates are chosen.
        </Alert>
      )}
      {content}
    </SectionPanel>
  );
}
