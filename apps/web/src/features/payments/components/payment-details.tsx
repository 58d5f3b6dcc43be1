import { Stack, Table, Text, Title } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, type Payment } from '@tradeport/contract';
import { formatDate, formatMoney } from '#lib/format.ts';
import { PaymentStateBadge } from '#lib/ui/payment-state-badge.tsx';
import { cardWords } from '../model/payment-labels.ts';
import { Fact, Facts } from './facts.tsx';
import { CreditRecordLink, OrderLink } from './record-links.tsx';

const NONE = '—';

function Allocations(props: { payment: Payment }) {
  const { payment } = props;
  if (payment.allocations.length === 0) {
    return <Text c="dimmed">Not allocated to any order.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table aria-label="Allocations" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th ta="right">Allocated</Table.Th>
            <Table.Th ta="right">Refunded</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payment.allocations.map((allocation) => (
            <Table.Tr key={allocation.order_id}>
              <Table.Td>
                <OrderLink order={{ id: allocation.order_id, number: allocation.order_number }} />
              </Table.Td>
              <Table.Td>{allocation.invoice_number}</Table.Td>
              <Table.Td ta="right">{formatMoney(allocation.amount_cents)}</Table.Td>
              <Table.Td ta="right">
                {allocation.refunded_cents > 0 ? formatMoney(allocation.refunded_cents) : NONE}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Refunds(props: { payment: Payment }) {
  const { refunds } = props.payment;
  if (refunds.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="payment-refunds-heading">
      <Title order={3} size="h4" id="payment-refunds-heading">
        Refunds
      </Title>
      <Table.ScrollContainer minWidth={360}>
        <Table aria-label="Refunds" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refunds.map((refund) => (
              <Table.Tr key={refund.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(refund.created_at)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{refund.reason ?? NONE}</Table.Td>
                <Table.Td>{refund.refunded_by_name ?? NONE}</Table.Td>
                <Table.Td ta="right">{formatMoney(refund.amount_cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** What became of the money beyond its orders: the credit it was paid from, or the one it left. */
function Credits(props: { payment: Payment }) {
  const { applied_credit: applied, overpayment_credit: overpayment } = props.payment;
  return (
    <>
      {applied && (
        <Text size="sm">
          Paid from <CreditRecordLink credit={applied} /> ({formatMoney(applied.remaining_cents)} of it
          remains).
        </Text>
      )}
      {overpayment && (
        <Text size="sm">
          {formatMoney(overpayment.amount_cents)} left over became account credit:{' '}
          <CreditRecordLink credit={overpayment} /> ({formatMoney(overpayment.remaining_cents)} remains).
        </Text>
      )}
      {!overpayment && props.payment.unallocated_cents > 0 && (
        <Text size="sm" c="dimmed">
          {formatMoney(props.payment.unallocated_cents)} is not allocated; it becomes account credit once the
          payment is received.
        </Text>
      )}
    </>
  );
}

/** Everything about one payment: its facts, the orders it pays, its refunds and credits. */
export function PaymentDetails(props: { payment: Payment; view: 'merchant' | 'customer' }) {
  const { payment } = props;
  const card = cardWords(payment.card);
  return (
    <Stack gap="lg">
      <Facts>
        <Fact label="State">
          <PaymentStateBadge state={payment.state} />
        </Fact>
        <Fact label={props.view === 'merchant' ? 'Customer' : 'Merchant'}>
          {props.view === 'merchant' ? payment.customer.name : payment.merchant.title}
        </Fact>
        <Fact label="Method">{PAYMENT_METHOD_LABELS[payment.method]}</Fact>
        <Fact label="Received">{formatDate(payment.paid_on)}</Fact>
        <Fact label="Amount">{formatMoney(payment.amount_cents)}</Fact>
        {payment.surcharge_cents > 0 && (
          <Fact label="Card surcharge">{formatMoney(payment.surcharge_cents)}</Fact>
        )}
        {payment.refunded_cents > 0 && <Fact label="Refunded">{formatMoney(payment.refunded_cents)}</Fact>}
        <Fact label="Reference">{payment.reference ?? NONE}</Fact>
        {card && <Fact label="Card">{card}</Fact>}
        {payment.recorded_by_name && <Fact label="Recorded by">{payment.recorded_by_name}</Fact>}
        {payment.notes && <Fact label="Notes">{payment.notes}</Fact>}
        {payment.failure_message && <Fact label="Why it failed">{payment.failure_message}</Fact>}
        {payment.voided_at && <Fact label="Voided">{formatDate(payment.voided_at)}</Fact>}
      </Facts>
      <Stack gap="xs" component="section" aria-labelledby="payment-allocations-heading">
        <Title order={3} size="h4" id="payment-allocations-heading">
          Orders it pays
        </Title>
        <Allocations payment={payment} />
        <Credits payment={payment} />
      </Stack>
      <Refunds payment={payment} />
    </Stack>
  );
}
