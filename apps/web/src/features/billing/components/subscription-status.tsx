import { Badge, Group, Text } from '@mantine/core';
import { BILLING_STATUS_LABELS, type Billing, type BillingFlow } from '@tradeport/contract';
import { formatDate } from '#lib/format.ts';
import { STATUS_COLOURS } from '../model/billing-status.ts';
import { SectionPanel } from '#lib/ui/section-panel.tsx';
import { PastDueAlert } from './past-due-alert.tsx';

/** What the status means for the merchant, in a sentence with its date. */
function statusSentence(billing: Billing, nowMs: number): string | null {
  switch (billing.status) {
    case 'TRIAL': {
      if (!billing.trial_end) return 'Choose a plan to start your subscription.';
      const hasEnded = nowMs >= Date.parse(billing.trial_end);
      return `Your free trial ${hasEnded ? 'ended' : 'ends'} on ${formatDate(billing.trial_end)}.`;
    }
    case 'ACTIVE':
      return billing.current_period_end
        ? `Your subscription renews on ${formatDate(billing.current_period_end)}.`
        : null;
    case 'CANCELLING':
      return billing.current_period_end
        ? `Your subscription ends on ${formatDate(billing.current_period_end)}. Everything keeps working until then, and you can renew it before.`
        : 'Your subscription ends at the end of this period.';
    case 'CANCELLED':
      return billing.deactivate_date
        ? `Your subscription ended on ${formatDate(billing.deactivate_date)}.`
        : 'Your subscription has ended.';
    case 'PAST_DUE':
      return null;
  }
}

/** The subscription's status (SPEC §4 trial and payment states), with what it means and when. */
export function SubscriptionStatus(props: { billing: Billing; flow: BillingFlow; nowMs: number }) {
  const { billing } = props;
  const sentence = statusSentence(billing, props.nowMs);
  return (
    <SectionPanel title="Subscription">
      <Group gap="sm">
        <Text size="sm" c="dimmed" component="span">
          Status
        </Text>
        <Badge color={STATUS_COLOURS[billing.status]} variant="light" size="lg">
          {BILLING_STATUS_LABELS[billing.status]}
        </Badge>
      </Group>
      {sentence && <Text>{sentence}</Text>}
      {billing.status === 'PAST_DUE' && (
        <PastDueAlert flow={props.flow} deactivateDate={billing.deactivate_date} nowMs={props.nowMs} />
      )}
    </SectionPanel>
  );
}
