import { Alert, Stack, Text } from '@mantine/core';
import type { BillingFlow } from '@tradeport/contract';
import { formatDate } from '#lib/format.ts';
import { PortalButton } from './portal-button.tsx';

/** SPEC §4 payment failed: the date access is lost (or was), and the way to pay. */
export function PastDueAlert(props: { flow: BillingFlow; deactivateDate: string | null; nowMs: number }) {
  const { deactivateDate } = props;
  const hasLostAccess = deactivateDate !== null && props.nowMs >= Date.parse(deactivateDate);
  let text = 'Pay the open invoice or update your card to keep using Tradeport.';
  if (deactivateDate && hasLostAccess) {
    text = `Your organisation lost access on ${formatDate(deactivateDate)}. Pay the open invoice or update your card to get it back.`;
  } else if (deactivateDate) {
    text = `Your organisation will lose access on ${formatDate(deactivateDate)} unless the payment is made. Pay the open invoice or update your card before then.`;
  }
  return (
    // red.9 filled: white text at 5.5:1 (WCAG AA), as the shell's trial-ended banner.
    <Alert color="red.9" variant="filled" role="alert" title="Your last payment failed">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <PortalButton
          flow={props.flow}
          label="Pay now or update card"
          look={{ variant: 'white', color: 'red.9' }}
        />
      </Stack>
    </Alert>
  );
}
