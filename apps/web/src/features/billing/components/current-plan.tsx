import { SimpleGrid, Text } from '@mantine/core';
import { BILLING_PLAN_DETAILS, type Billing, type BillingFlow } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '#lib/format.ts';
import { cardLabel, planPrice } from '../model/billing-status.ts';
import { SectionPanel } from '#lib/ui/section-panel.tsx';
import { PortalButton } from './portal-button.tsx';

function Detail(props: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {props.term}
      </Text>
      <Text component="dd" m={0}>
        {props.children}
      </Text>
    </div>
  );
}

/** A running subscription: its plan, the next invoice, the card, and Stripe's portal to change them. */
export function CurrentPlan(props: { billing: Billing; flow: BillingFlow }) {
  const { billing } = props;
  return (
    <SectionPanel title="Your plan">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0}>
        <Detail term="Plan">
          {billing.plan ? `${BILLING_PLAN_DETAILS[billing.plan].name}, ${planPrice(billing.plan)}` : '—'}
        </Detail>
        {billing.status === 'CANCELLING' ? (
          <Detail term="Ends on">
            {billing.current_period_end ? formatDate(billing.current_period_end) : '—'}
          </Detail>
        ) : (
          <Detail term="Next invoice">
            {billing.next_invoice
              ? `${formatMoney(billing.next_invoice.amount_cents)} on ${formatDate(billing.next_invoice.date)}`
              : 'None due'}
          </Detail>
        )}
        <Detail term="Card">{billing.card ? cardLabel(billing.card) : 'No card on file'}</Detail>
      </SimpleGrid>
      <PortalButton
        flow={props.flow}
        label={billing.status === 'CANCELLING' ? 'Renew or update card' : 'Update card or cancel'}
      />
    </SectionPanel>
  );
}
