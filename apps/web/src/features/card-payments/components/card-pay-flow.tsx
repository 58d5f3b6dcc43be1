import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { CardPaymentResult, CardPaymentSetup } from '@tradeport/contract';
import { useState } from 'react';
import { formatMoney } from '#lib/format.ts';
import type { PayChannel } from '../api/pay-channels.ts';
import { useCardPayment } from '../model/use-card-payment.ts';
import { useStripeElements } from '../model/use-stripe-elements.ts';
import { OrderChoice } from './order-choice.tsx';
import { FailedOutcome, PaidOutcome, ProcessingOutcome } from './pay-outcome.tsx';
import { QuoteSummary } from './quote-summary.tsx';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function FeeNote(props: { setup: CardPaymentSetup }) {
  if (!props.setup.is_fee_passed_on) return null;
  // "Cards issued in Australia" reads mid-sentence as "cards issued in Australia": only its first letter drops.
  const fees = props.setup.fees.map((fee) => `${lowerFirst(fee.label)} ${fee.fee}`).join('; ');
  return (
    <Text size="sm" c="dimmed">
      {props.setup.merchant.title} adds a card surcharge ({fees}). You see it before you pay.
    </Text>
  );
}

/**
 * Paying by card, from the card to the outcome (model/use-card-payment.ts has the steps), for any
 * PayChannel: the portal, the merchant taking a card, a payment link's page. `orderId` pays that
 * one order; without it the payer pays what it owes, or the orders it ticks.
 */
export function CardPayFlow(props: {
  setup: CardPaymentSetup;
  channel: PayChannel;
  orderId?: string;
  onSettled?: (result: CardPaymentResult) => void;
  /** A way out once it is over (Done, Close); the page of a link has none. */
  onDone?: () => void;
}) {
  const { setup, channel } = props;
  const orders = props.orderId ? setup.orders.filter((order) => order.id === props.orderId) : setup.orders;
  const [selected, setSelected] = useState<Set<string>>(() => new Set(orders.map((order) => order.id)));
  const chosen = orders.filter((order) => selected.has(order.id));
  const amountCents = chosen.reduce((sum, order) => sum + order.payable_cents, 0);
  const isEverything = !props.orderId && chosen.length === setup.orders.length;
  const { mountRef, ...stripe } = useStripeElements(setup.is_available ? setup.stripe : null, amountCents);
  const flow = useCardPayment({
    channel,
    stripe: stripe.state,
    orderIds: isEverything ? undefined : chosen.map((order) => order.id),
    onSettled: props.onSettled,
  });
  const { step } = flow;

  // Only before paying: once a payment is under way its outcome stays on screen, whatever the
  // setup says when read again (the orders just paid are no longer owed).
  if (step.name === 'card' && (!setup.is_available || !setup.stripe)) {
    return (
      <Alert color="gray" variant="light" title="Card payment is not available">
        {setup.unavailable_reason ?? 'This cannot be paid by card now.'}
      </Alert>
    );
  }
  if (step.name === 'card' && orders.length === 0) {
    return (
      <Alert color="gray" variant="light" title="Nothing to pay">
        This order has nothing left to pay by card: it is paid, or a card payment for it is still being
        processed.
      </Alert>
    );
  }

  const error = flow.error && (
    <Alert color="red" variant="light" role="alert">
      {flow.error}
    </Alert>
  );
  const done = props.onDone && (
    <Group justify="flex-end">
      <Button onClick={props.onDone}>Done</Button>
    </Group>
  );

  return (
    <Stack gap="md">
      {step.name === 'card' && (
        <>
          <OrderChoice
            orders={orders}
            canChoose={channel.canChooseOrders && !props.orderId}
            selected={selected}
            onChange={setSelected}
          />
          <FeeNote setup={setup} />
        </>
      )}
      <Box
        component="fieldset"
        m={0}
        p={0}
        style={{ border: 0, display: step.name === 'card' ? undefined : 'none' }}
        aria-busy={stripe.state.status === 'loading' || undefined}
      >
        <Text component="legend" fw={500} mb="xs">
          Card details
        </Text>
        {stripe.state.status === 'loading' && (
          <Loader size="sm" role="status" aria-label="Loading the card form" />
        )}
        {stripe.state.status === 'failed' && (
          <Alert color="red" variant="light" title="The card form could not be loaded">
            <Button size="xs" variant="default" onClick={stripe.reload}>
              Try again
            </Button>
          </Alert>
        )}
        <div ref={mountRef} />
      </Box>
      {step.name === 'card' && (
        <>
          {error}
          <Group justify="flex-end">
            <Button
              onClick={() => void flow.toQuote()}
              loading={flow.isBusy}
              disabled={stripe.state.status !== 'ready' || amountCents === 0}
            >
              Continue
            </Button>
          </Group>
        </>
      )}
      {step.name === 'quote' && (
        <>
          <QuoteSummary quote={step.quote} />
          {error}
          <Group justify="space-between">
            <Button variant="default" onClick={flow.changeCard} disabled={flow.isBusy}>
              Change card
            </Button>
            <Button onClick={() => void flow.pay()} loading={flow.isBusy}>
              Pay {formatMoney(step.quote.total_cents)}
            </Button>
          </Group>
        </>
      )}
      {step.name === 'authenticating' && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Waiting for the card’s bank to confirm the payment…</Text>
        </Group>
      )}
      {step.name === 'processing' && (
        <>
          <ProcessingOutcome result={step.result} isStillWaiting={step.isStillWaiting} />
          {step.isStillWaiting && done}
        </>
      )}
      {step.name === 'paid' && (
        <>
          <PaidOutcome result={step.result} />
          {done}
        </>
      )}
      {step.name === 'failed' && (
        <>
          <FailedOutcome result={step.result} />
          <Group justify="flex-end">
            <Button onClick={flow.changeCard}>Try another card</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
