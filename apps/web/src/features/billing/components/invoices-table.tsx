import { Anchor, Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import type { BillingInvoice } from '@tradeport/contract';
import { formatDate, formatMoney } from '#lib/format.ts';
import { INVOICE_STATUSES } from '../model/billing-status.ts';
import { SectionPanel } from '#lib/ui/section-panel.tsx';

function InvoiceRow(props: { invoice: BillingInvoice }) {
  const { invoice } = props;
  const status = INVOICE_STATUSES[invoice.status];
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {formatDate(invoice.created_at)}
      </Table.Th>
      <Table.Td data-label="Number">{invoice.number ?? '—'}</Table.Td>
      <Table.Td data-label="Amount" ta="right">
        {formatMoney(invoice.amount_cents)}
      </Table.Td>
      <Table.Td data-label="Status">
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {invoice.url && (
          <Anchor
            href={invoice.url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            // Starts with what it shows (WCAG 2.5.3), then which invoice, and that it opens a tab.
            aria-label={`View invoice ${invoice.number ?? `of ${formatDate(invoice.created_at)}`} (opens in a new tab)`}
          >
            View
          </Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Tradeport's invoices to the merchant, newest first, each viewable (and downloadable) at Stripe. */
export function InvoicesSection(props: { invoices: readonly BillingInvoice[] }) {
  return (
    <SectionPanel title="Past invoices">
      {props.invoices.length === 0 ? (
        <Text c="dimmed">No invoices yet. Each payment’s invoice shows here once it is made.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600} className="cards-on-phone">
          <Table verticalSpacing="xs" captionSide="top" striped>
            <Table.Caption ta="left">Invoices from Tradeport, newest first, in AUD</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Number</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Invoice</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.invoices.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionPanel>
  );
}
