import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { CREDIT_SOURCE_LABELS, type CreditSummary } from '@tradeport/contract';
import { Link, useLocation } from 'react-router';
import { formatDate, formatMoney } from '#lib/format.ts';
import { CardsOrTable } from '#lib/ui/cards-or-table.tsx';
import { withOpenRecord } from '../model/open-record.ts';
import { creditTitle } from '../model/payment-labels.ts';
import { CreditStatusBadge } from './credit-status-badge.tsx';
import type { PaymentsView } from './payments-table.tsx';

const MIN_WIDTH = 940;

const partyOf = (credit: CreditSummary, view: PaymentsView) =>
  view === 'merchant' ? credit.customer.name : credit.merchant.title;

/** The credit's number, opening its details over the list (`?credit=`). */
function CreditLink(props: { credit: CreditSummary; children: string }) {
  const location = useLocation();
  return (
    <Anchor
      component={Link}
      to={{ search: withOpenRecord(location.search, 'credit', props.credit.id) }}
      fw={600}
      aria-label={creditTitle(props.credit)}
    >
      {props.children}
    </Anchor>
  );
}

function CreditRow(props: { credit: CreditSummary; view: PaymentsView }) {
  const { credit } = props;
  return (
    <Table.Tr>
      <Table.Td>
        <CreditLink credit={credit}>{String(credit.number)}</CreditLink>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(credit.created_at)}</Table.Td>
      <Table.Td>{partyOf(credit, props.view)}</Table.Td>
      <Table.Td>{CREDIT_SOURCE_LABELS[credit.source]}</Table.Td>
      <Table.Td>
        <CreditStatusBadge status={credit.status} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{credit.reason}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(credit.amount_cents)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={500}>
        {formatMoney(credit.remaining_cents)}
      </Table.Td>
    </Table.Tr>
  );
}

function CreditCard(props: { credit: CreditSummary; view: PaymentsView }) {
  const { credit } = props;
  return (
    <Card component="li" withBorder padding="sm" aria-label={creditTitle(credit)}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <CreditLink credit={credit}>{creditTitle(credit)}</CreditLink>
          <CreditStatusBadge status={credit.status} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {partyOf(credit, props.view)}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {CREDIT_SOURCE_LABELS[credit.source]} · {credit.reason}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed">
            {formatDate(credit.created_at)} · of {formatMoney(credit.amount_cents)}
          </Text>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(credit.remaining_cents)} left
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The credits as a table, or on a phone a card each. */
export function CreditsTable(props: {
  credits: readonly CreditSummary[];
  view: PaymentsView;
  isUpdating?: boolean;
}) {
  const { credits, view } = props;
  return (
    <CardsOrTable
      label="Credits"
      isUpdating={props.isUpdating}
      minWidth={MIN_WIDTH}
      cards={() => credits.map((credit) => <CreditCard key={credit.id} credit={credit} view={view} />)}
      head={
        <Table.Tr>
          <Table.Th>Credit</Table.Th>
          <Table.Th>Issued</Table.Th>
          <Table.Th>{view === 'merchant' ? 'Customer' : 'Merchant'}</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">Remaining</Table.Th>
        </Table.Tr>
      }
      rows={() => credits.map((credit) => <CreditRow key={credit.id} credit={credit} view={view} />)}
    />
  );
}
