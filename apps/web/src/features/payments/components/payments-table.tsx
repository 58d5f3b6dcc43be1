import { Anchor, Card, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, type PaymentSummary } from '@tradeport/contract';
import { Link, useLocation } from 'react-router';
import { formatDate, formatMoney } from '#lib/format.ts';
import { PaymentStateBadge } from '#lib/ui/payment-state-badge.tsx';
import { CardsOrTable } from '#lib/ui/cards-or-table.tsx';
import { paymentTitle } from '../model/payment-labels.ts';
import { withOpenRecord } from '../model/open-record.ts';

const NONE = '—';
const MIN_WIDTH = 900;

/** Whose payments these are decides the other party's column: the customer, or the merchant. */
export type PaymentsView = 'merchant' | 'customer';

const partyOf = (payment: PaymentSummary, view: PaymentsView) =>
  view === 'merchant' ? payment.customer.name : payment.merchant.title;

/** The amount, and what of it went back, so a part-refunded payment reads as such in the list. */
function Amount(props: { payment: PaymentSummary }) {
  const { payment } = props;
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(payment.amount_cents)}
      </Text>
      {payment.refunded_cents > 0 && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(payment.refunded_cents)} refunded
        </Text>
      )}
    </Stack>
  );
}

/** The payment's number, opening its details over the list (the address names it: `?payment=`). */
function PaymentLink(props: { payment: PaymentSummary; children: string }) {
  const location = useLocation();
  const search = withOpenRecord(location.search, 'payment', props.payment.id);
  return (
    <Anchor component={Link} to={{ search }} fw={600} aria-label={paymentTitle(props.payment)}>
      {props.children}
    </Anchor>
  );
}

function PaymentRow(props: { payment: PaymentSummary; view: PaymentsView }) {
  const { payment } = props;
  return (
    <Table.Tr>
      <Table.Td>
        <PaymentLink payment={payment}>{String(payment.number)}</PaymentLink>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(payment.paid_on)}</Table.Td>
      <Table.Td>{partyOf(payment, props.view)}</Table.Td>
      <Table.Td>{PAYMENT_METHOD_LABELS[payment.method]}</Table.Td>
      <Table.Td>
        <PaymentStateBadge state={payment.state} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{payment.reference ?? NONE}</Table.Td>
      <Table.Td ta="right">
        <Amount payment={payment} />
      </Table.Td>
    </Table.Tr>
  );
}

function PaymentCard(props: { payment: PaymentSummary; view: PaymentsView }) {
  const { payment } = props;
  return (
    <Card component="li" withBorder padding="sm" aria-label={paymentTitle(payment)}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <PaymentLink payment={payment}>{paymentTitle(payment)}</PaymentLink>
          <PaymentStateBadge state={payment.state} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {partyOf(payment, props.view)}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            {formatDate(payment.paid_on)} · {PAYMENT_METHOD_LABELS[payment.method]}
          </Text>
          <Amount payment={payment} />
        </Group>
        {payment.reference && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Ref {payment.reference}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The payments as a table, or on a phone a card each; `isUpdating` dims them while new filters load. */
export function PaymentsTable(props: {
  payments: readonly PaymentSummary[];
  view: PaymentsView;
  isUpdating?: boolean;
}) {
  const { payments, view } = props;
  return (
    <CardsOrTable
      label="Payments"
      isUpdating={props.isUpdating}
      minWidth={MIN_WIDTH}
      cards={() => payments.map((payment) => <PaymentCard key={payment.id} payment={payment} view={view} />)}
      head={
        <Table.Tr>
          <Table.Th>Payment</Table.Th>
          <Table.Th>Received</Table.Th>
          <Table.Th>{view === 'merchant' ? 'Customer' : 'Merchant'}</Table.Th>
          <Table.Th>Method</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Reference</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      }
      rows={() => payments.map((payment) => <PaymentRow key={payment.id} payment={payment} view={view} />)}
    />
  );
}

export function ListSkeleton(props: { label: string }) {
  return (
    <Stack gap="xs" aria-busy="true">
      <VisuallyHidden>{props.label}</VisuallyHidden>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
