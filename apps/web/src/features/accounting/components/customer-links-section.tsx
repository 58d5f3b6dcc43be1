import { Text } from '@mantine/core';
import {
  type AccountingConnection,
  type CustomerLinks,
  formatAbn,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { routePath } from '#lib/routes.ts';
import { customerLinks } from '../api/accounting-record-links.ts';
import { CONTACT_REASON_LABELS } from '../model/link-words.ts';
import { type RecordLinksKind, RecordLinksSection, type RecordLinksView } from './record-links-panel.tsx';
import { recordLinksView } from './record-links-view.ts';

function CustomerDetails(props: { abn: string | null; email: string | null }) {
  const parts = [props.abn && `ABN ${formatAbn(props.abn)}`, props.email].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}

/** The pages' rows; the counts and the contacts left as the last page read them. */
const customerView = (pages: readonly CustomerLinks[]): RecordLinksView =>
  recordLinksView(
    pages,
    ({ customer, link, suggestion }) => ({
      id: customer.id,
      name: customer.name,
      details: <CustomerDetails abn={customer.abn} email={customer.email} />,
      link,
      suggestion: suggestion && {
        value: suggestion.contact.id,
        label: suggestion.contact.name,
        reason: CONTACT_REASON_LABELS[suggestion.reason],
      },
    }),
    (last) => last.unlinked_contacts.map((contact) => ({ value: contact.id, label: contact.name })),
  );

const CUSTOMERS: RecordLinksKind<CustomerLinks> = {
  title: 'Customers',
  column: 'Customer',
  words: { record: 'customer', records: 'customers', bookRecord: 'contact', bookRecords: 'contacts' },
  intro: (name) => (
    <Text>
      Link each customer to its contact in {name}, so its invoices go to the right contact. A customer left
      unlinked is linked when its first invoice is sent: to the contact with its name, or to a new one.
    </Text>
  ),
  useLinks: customerLinks.useLinks,
  toView: customerView,
  empty: {
    description: 'Customers you add show here, to link to their contacts in your books.',
    to: routePath('/customers'),
  },
};

/**
 * CONNECTED: each customer's contact in the books, which its invoices and payments are sent to.
 * Suggested by ABN, else email, else name; linked one by one or all at once, or made there.
 */
export function CustomerLinksSection(props: {
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
}) {
  return <RecordLinksSection kind={CUSTOMERS} {...props} />;
}
