import { Stack, Table, Text, Title } from '@mantine/core';
import { CREDIT_SOURCE_LABELS, type Credit } from '@tradeport/contract';
import { formatDate, formatMoney } from '#lib/format.ts';
import { PaymentStateBadge } from '#lib/ui/payment-state-badge.tsx';
import { CreditStatusBadge } from './credit-status-badge.tsx';
import { Fact, Facts } from './facts.tsx';
import { OrderLink, PaymentRecordLink } from './record-links.tsx';

const gstRate = (basisPoints: number) => `${(basisPoints / 100).toLocaleString('en-AU')}%`;

/** An adjustment note's lines: what was not supplied, at the order's prices, with their GST. */
function Lines(props: { credit: Credit }) {
  const { lines } = props.credit;
  if (lines.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="credit-lines-heading">
      <Title order={3} size="h4" id="credit-lines-heading">
        Lines credited
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label="Lines credited" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Unit price (ex GST)</Table.Th>
              <Table.Th ta="right">GST</Table.Th>
              <Table.Th ta="right">Subtotal (ex GST)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={`${line.sku}-${line.name}`}>
                <Table.Td>{line.name}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.unit_price_cents)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {`${formatMoney(line.gst_cents)} (${gstRate(line.gst_rate_basis_points)})`}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(line.subtotal_cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Where the credit went: each payment by Account Credit it made, and the orders that paid. */
function Applications(props: { credit: Credit }) {
  const { applications } = props.credit;
  return (
    <Stack gap="xs" component="section" aria-labelledby="credit-applications-heading">
      <Title order={3} size="h4" id="credit-applications-heading">
        Where it was applied
      </Title>
      {applications.length === 0 ? (
        <Text c="dimmed">Not applied to any order yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Applications" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payment</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Orders</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {applications.map((application) => (
                <Table.Tr key={application.payment_id}>
                  <Table.Td>
                    <PaymentRecordLink
                      payment={{ id: application.payment_id, number: application.payment_number }}
                    />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(application.paid_on)}</Table.Td>
                  <Table.Td>
                    <PaymentStateBadge state={application.state} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {application.orders.map((order) => (
                        <Text key={order.id} size="sm">
                          <OrderLink order={order} /> {formatMoney(order.amount_cents)}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(application.amount_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Everything about one credit: what it is for, what remains, its lines and where it went. */
export function CreditDetails(props: { credit: Credit; view: 'merchant' | 'customer' }) {
  const { credit } = props;
  return (
    <Stack gap="lg">
      <Facts>
        <Fact label="Status">
          <CreditStatusBadge status={credit.status} />
        </Fact>
        <Fact label={props.view === 'merchant' ? 'Customer' : 'Merchant'}>
          {props.view === 'merchant' ? credit.customer.name : credit.merchant.title}
        </Fact>
        <Fact label="Remaining">{formatMoney(credit.remaining_cents)}</Fact>
        <Fact label="Amount">
          {formatMoney(credit.amount_cents)}
          {credit.gst_cents > 0 ? ` (GST ${formatMoney(credit.gst_cents)} included)` : ''}
        </Fact>
        <Fact label="Source">{CREDIT_SOURCE_LABELS[credit.source]}</Fact>
        <Fact label="Reason">{credit.reason}</Fact>
        {credit.order && (
          <Fact label="Adjusts">
            <OrderLink order={credit.order} /> (invoice {credit.order.invoice_number})
          </Fact>
        )}
        {credit.payment && (
          <Fact label="Left over from">
            <PaymentRecordLink payment={credit.payment} />
          </Fact>
        )}
        <Fact label="Issued">
          {formatDate(credit.created_at)}
          {credit.created_by_name ? ` by ${credit.created_by_name}` : ''}
        </Fact>
        {credit.voided_at && <Fact label="Voided">{formatDate(credit.voided_at)}</Fact>}
      </Facts>
      <Lines credit={credit} />
      <Applications credit={credit} />
    </Stack>
  );
}
