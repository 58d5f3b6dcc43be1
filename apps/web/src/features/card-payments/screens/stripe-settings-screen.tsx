import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useIsAdmin } from '#lib/access.ts';
import { ADMIN_ONLY_REASON } from '#lib/admin-only-reason.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { ServerKeysMissing } from '#lib/ui/server-keys-missing.tsx';
import { useStripeSettings } from '../api/stripe-settings.ts';
import { StripeConnection } from '../components/stripe-connection.tsx';
import { type StripeReturn, useStripeReturn } from '../model/use-stripe-return.ts';

const TITLE = 'Stripe card-payment integration settings';
const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_CLIENT_ID',
];

/** Without Stripe keys on the server nothing here can work: say so, and what sets it up. */
function NotSetUp() {
  return (
    <ServerKeysMissing
      title="Card payments are not set up"
      consequence="This Tradeport server has no Stripe keys, so card payments cannot be taken."
      keys={STRIPE_KEYS}
    />
  );
}

function ReturnMessage(props: { outcome: StripeReturn }) {
  const { outcome } = props;
  if (outcome.status === 'completing')
    return <Loader role="status" aria-label="Connecting your Stripe account" />;
  if (outcome.status === 'completed') {
    return (
      <Alert color="teal" variant="light" role="status" title="Stripe account connected">
        Customers can pay by card once Stripe has the account ready.
      </Alert>
    );
  }
  if (outcome.status === 'declined') {
    return (
      <Alert color="yellow" variant="light" role="status" title="Not connected">
        You chose not to connect a Stripe account at Stripe. Connect again when you are ready.
      </Alert>
    );
  }
  if (outcome.status === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" title="Stripe account not connected">
        {outcome.message}
      </Alert>
    );
  }
  return null;
}

/** /stripe/settings: a merchant's Admin connects Stripe, chooses whether card fees are passed on, disconnects. */
export function StripeSettingsScreen() {
  const isAdmin = useIsAdmin();
  const settings = useStripeSettings({ enabled: isAdmin });
  const outcome = useStripeReturn({ isEnabled: isAdmin });

  let content;
  if (!isAdmin) {
    content = (
      <Text c="dimmed">Card payments through Stripe are set up by an Admin. {ADMIN_ONLY_REASON}</Text>
    );
  } else if (settings.isPending) content = <Loader role="status" aria-label="Loading the Stripe settings" />;
  else if (settings.isError) {
    content = (
      <LoadFailedAlert
        title="We could not load the Stripe settings"
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
      />
    );
  } else if (!settings.data.is_set_up) content = <NotSetUp />;
  else content = <StripeConnection settings={settings.data} />;

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>{TITLE}</Title>
        <Text c="dimmed">Take card payments through your own Stripe account.</Text>
      </Stack>
      <ReturnMessage outcome={outcome} />
      {content}
    </Stack>
  );
}
