import { Alert, Text } from '@mantine/core';
import type { CardPaymentResult } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { describeCard, ordersPhrase } from '../model/card-words.ts';

const paidFor = (result: CardPaymentResult) => ordersPhrase(result.orders.map((order) => order.number));

/** The payment went through. */
export function PaidOutcome(props: { result: CardPaymentResult }) {
  const { result } = props;
  return (
    <Alert color="teal" variant="light" title="Payment received" role="status">
      <Text size="sm">
        {formatMoney(result.total_cents)} was paid by {describeCard(result.card)} for {paidFor(result)}.
        Payment number {result.number}.
      </Text>
    </Alert>
  );
}

/** Still with the bank or Stripe: said as it is, never as paid. */
export function ProcessingOutcome(props: { result: CardPaymentResult; isStillWaiting: boolean }) {
  const { result } = props;
  return (
    <Alert color="blue" variant="light" title="Processing" role="status">
      <Text size="sm">
        {props.isStillWaiting
          ? `Your payment of ${formatMoney(result.total_cents)} for ${paidFor(result)} is still being processed. It shows as paid once the card's bank confirms it; you can close this now.`
          : `Confirming your payment of ${formatMoney(result.total_cents)} with the card's bank…`}
      </Text>
    </Alert>
  );
}

/** Declined, or the bank's check failed: nothing was taken. */
export function FailedOutcome(props: { result: CardPaymentResult }) {
  return (
    <Alert color="red" variant="light" title="The payment did not go through" role="alert">
      <Text size="sm">
        {props.result.failure_message ?? 'The card was declined.'} Nothing was taken from the card.
      </Text>
    </Alert>
  );
}
