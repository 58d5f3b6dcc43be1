import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type Order, PAYMENT_METHOD_LABELS, type PaymentSummary } from '@tradeport/contract';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { PaymentStateBadge } from '#lib/ui/payment-state-badge.tsx';
import { RecordPaymentButton } from '#lib/ui/record-payment-button.tsx';
import { LoadingSkeleton } from '#lib/ui/loading-skeleton.tsx';
import { useIsPhone } from '#lib/use-is-phone.ts';
import { useOrderPayments } from '../api/order-payments.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

/** What of the payment went to this order, less what was refunded of that. */
function paidToOrder(payment: PaymentSummary, orderId: string): number {
  const allocation = payment.allocations.find((item) => item.order_id === orderId);
  return allocation ? allocation.amount_cents - allocation.refunded_cents : 0;
}

function PaymentLink(props: { payment: PaymentSummary }) {
  return (
    <Anchor component={Link} to={routePath('/payments', undefined, { payment: props.payment.id })} fw={600}>
      Payment {props.payment.number}
    </Anchor>
  );
}

function PaymentsList(props: { payments: readonly PaymentSummary[]; orderId: string }) {
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack component="ul" aria-label="Order payments" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {props.payments.map((payment) => (
          <Card
            key={payment.id}
            component="li"
            withBorder
            padding="sm"
            aria-label={`Payment ${payment.number}`}
          >
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <PaymentLink payment={payment} />
                <PaymentStateBadge state={payment.state} />
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {formatDate(payment.paid_on)} · {PAYMENT_METHOD_LABELS[payment.method]}
                </Text>
                <Text size="sm" fw={500}>
                  {formatMoney(paidToOrder(payment, props.orderId))}
                </Text>
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table aria-label="Order payments" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Payment</Table.Th>
          <Table.Th>Received</Table.Th>
          <Table.Th>Method</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th ta="right">To this order</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.payments.map((payment) => (
          <Table.Tr key={payment.id}>
            <Table.Td>
              <PaymentLink payment={payment} />
            </Table.Td>
            <Table.Td>{formatDate(payment.paid_on)}</Table.Td>
            <Table.Td>{PAYMENT_METHOD_LABELS[payment.method]}</Table.Td>
            <Table.Td>
              <PaymentStateBadge state={payment.state} />
            </Table.Td>
            <Table.Td ta="right">{formatMoney(paidToOrder(payment, props.orderId))}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The order's Payments section: its payment status, what it has paid and still owes, and every
 * payment allocated to it (each opening on All Payments). The merchant records a payment for it
 * here, in the payments feature's dialog opened by address (lib/record-payment-dialog.ts).
 */
export function OrderPayments(props: { order: Order; canRecord: boolean }) {
  const { order } = props;
  const query = useOrderPayments(order.id);
  const facts = query.data ?? {
    payment_status: order.payment_status,
    paid_cents: order.paid_cents,
    outstanding_cents: order.outstanding_cents,
    total_cents: order.total_cents,
  };
  const isTracked = facts.payment_status !== 'NOT_TRACKED';
  const isOwing = isTracked && order.status !== 'CANCELLED' && facts.outstanding_cents > 0;

  let list;
  if (query.isPending) list = <LoadingSkeleton label="Loading payments" height={60} />;
  else if (query.isError) {
    list = (
      <LoadFailedAlert
        title="We could not load this order’s payments"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.payments.length === 0) list = <Text c="dimmed">No payments yet.</Text>;
  else list = <PaymentsList payments={query.data.payments} orderId={order.id} />;

  return (
    <Stack gap="sm" component="section" aria-labelledby="order-payments-heading">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Title order={2} size="h3" id="order-payments-heading">
            Payments
          </Title>
          <PaymentStatusBadge status={facts.payment_status} />
        </Group>
        {props.canRecord && isOwing && (
          <RecordPaymentButton variant="default" request={{ orderId: order.id }} />
        )}
      </Group>
      <Text size="sm">
        {isTracked
          ? `Paid ${formatMoney(facts.paid_cents)} of ${formatMoney(facts.total_cents)} · ${formatMoney(facts.outstanding_cents)} outstanding`
          : 'Payments are not tracked for this customer.'}
      </Text>
      {list}
    </Stack>
  );
}
