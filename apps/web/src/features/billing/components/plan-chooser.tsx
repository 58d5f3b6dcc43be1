import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BILLING_PLAN_DETAILS, BILLING_PLANS, type BillingFlow, type BillingPlan } from '@tradeport/contract';
import { useId } from 'react';
import { formatMoney } from '#lib/format.ts';
import { useStartBillingCheckout } from '../api/billing-redirects.ts';
import { SectionPanel } from '#lib/ui/section-panel.tsx';
import { leaveForStripe } from './leave-for-stripe.ts';
import { RefusalAlert } from './refusal-alert.tsx';

function PlanCard(props: {
  plan: BillingPlan;
  isChoosing: boolean;
  isDisabled: boolean;
  onChoose: () => void;
}) {
  const details = BILLING_PLAN_DETAILS[props.plan];
  const headingId = useId();
  return (
    <Paper withBorder p="lg" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="center">
          <Title order={3} size="h4" id={headingId}>
            {details.name}
          </Title>
          {props.plan === 'YEARLY' && (
            <Badge color="teal" variant="light">
              Best value
            </Badge>
          )}
        </Group>
        <Text>
          <Text span fz={28} fw={700}>
            {formatMoney(details.amount_cents)}
          </Text>{' '}
          <Text span c="dimmed">
            AUD per {details.interval}
          </Text>
        </Text>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {details.note}
        </Text>
        <Button loading={props.isChoosing} disabled={props.isDisabled} onClick={props.onChoose}>
          Choose {details.name}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The two plans, before a subscription or after one has ended: choosing one opens Stripe Checkout
 * for it, where the card is given and the first payment made.
 */
export function PlanChooser(props: { flow: BillingFlow; hasEnded: boolean }) {
  const checkout = useStartBillingCheckout(props.flow);
  // Still busy once the address came: the browser is on its way to Stripe.
  const isBusy = checkout.isPending || checkout.isSuccess;
  return (
    <SectionPanel title="Choose a plan">
      <Text>
        {props.hasEnded
          ? 'Start your subscription again: every feature of Tradeport on either plan.'
          : 'Every feature of Tradeport on either plan.'}{' '}
        You pay by card on Stripe’s secure page and come back here.
      </Text>
      {checkout.isError && <RefusalAlert error={checkout.error} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {BILLING_PLANS.map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            isChoosing={isBusy && checkout.variables === plan}
            isDisabled={isBusy && checkout.variables !== plan}
            onChoose={() => checkout.mutate(plan, { onSuccess: ({ url }) => leaveForStripe(url) })}
          />
        ))}
      </SimpleGrid>
    </SectionPanel>
  );
}
