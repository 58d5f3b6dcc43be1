import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { CheckoutReturn } from '../model/use-checkout-return.ts';

/** What a return from Stripe Checkout brought, above the subscription. */
export function CheckoutReturnMessage(props: { checkout: CheckoutReturn }) {
  switch (props.checkout.outcome) {
    case 'none':
      return null;
    case 'waiting':
      return (
        <Alert
          color="blue"
          variant="light"
          role="status"
          title="Payment received — your subscription is being set up"
        >
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">
              This page updates by itself once Stripe confirms it, usually within seconds.
            </Text>
          </Group>
        </Alert>
      );
    case 'subscribed':
      return (
        <Alert color="teal" variant="light" role="status" title="Your subscription is active">
          Thank you for subscribing to Tradeport.
        </Alert>
      );
    case 'slow':
      return (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          title="Your subscription is taking longer to set up"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Stripe has not confirmed it yet. There is no need to pay again: check again in a minute, or
              contact support if it still does not show.
            </Text>
            <Button variant="default" size="xs" onClick={props.checkout.checkAgain}>
              Check again
            </Button>
          </Stack>
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert color="gray" variant="light" role="status" title="Checkout cancelled">
          Nothing was charged. Choose a plan whenever you are ready.
        </Alert>
      );
  }
}
