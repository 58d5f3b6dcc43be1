import { Alert, Badge, Button, Group, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import type { StripeSettings } from '@tradeport/contract';
import { useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { formatDate } from '#lib/format.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { SectionPanel } from '#lib/ui/section-panel.tsx';
import {
  useDisconnectStripe,
  useStartStripeConnect,
  useUpdateStripeSettings,
} from '../api/stripe-settings.ts';

const STATUS = {
  NOT_CONNECTED: { label: 'Not connected', color: 'gray' },
  PENDING: { label: 'Waiting for Stripe', color: 'yellow' },
  CONNECTED: { label: 'Connected', color: 'teal' },
} as const;

const refusal = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** Not connected yet: Stripe's consent page, where the merchant signs in to (or opens) its account. */
function ConnectPanel() {
  const connect = useStartStripeConnect();
  return (
    <SectionPanel title="Stripe account">
      <Text>
        Connect your Stripe account so customers can pay their invoices by card, in your portal or from a
        payment link. You sign in to Stripe (or open an account there) and come back here.
      </Text>
      {connect.isError && (
        <Alert color="red" variant="light" role="alert">
          {refusal(connect.error, 'Stripe could not be reached. Try again.')}
        </Alert>
      )}
      <Group>
        <Button
          loading={connect.isPending || connect.isSuccess}
          onClick={() => connect.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
        >
          Connect with Stripe
        </Button>
      </Group>
    </SectionPanel>
  );
}

function AccountPanel(props: { settings: StripeSettings }) {
  const { settings } = props;
  const disconnect = useDisconnectStripe();
  const [isConfirming, setIsConfirming] = useState(false);
  const status = STATUS[settings.status];
  return (
    <SectionPanel title="Stripe account">
      <Group gap="sm">
        <Badge color={status.color} variant="light" size="lg">
          {status.label}
        </Badge>
      </Group>
      {settings.status === 'PENDING' && (
        <Text>
          Stripe is not letting this account take card payments yet: finish your business details in your
          Stripe dashboard. This page shows Connected once Stripe says so.
        </Text>
      )}
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
        <div>
          <Text component="dt" size="sm" c="dimmed">
            Account
          </Text>
          <Text component="dd" m={0}>
            {settings.stripe_account_id}
          </Text>
        </div>
        {settings.connected_at && (
          <div>
            <Text component="dt" size="sm" c="dimmed">
              Connected on
            </Text>
            <Text component="dd" m={0}>
              {formatDate(settings.connected_at)}
            </Text>
          </div>
        )}
      </SimpleGrid>
      {disconnect.isError && (
        <Alert color="red" variant="light" role="alert">
          {refusal(disconnect.error, 'The account could not be disconnected. Try again.')}
        </Alert>
      )}
      <Group>
        <Button variant="default" color="red" onClick={() => setIsConfirming(true)}>
          Disconnect Stripe
        </Button>
      </Group>
      <ConfirmDialog
        opened={isConfirming}
        title="Disconnect your Stripe account?"
        confirmLabel="Disconnect"
        isConfirming={disconnect.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => showSuccessToast('Stripe disconnected'),
            onSettled: () => setIsConfirming(false),
          })
        }
      >
        Customers can no longer pay by card, and payment links stop working. Payments already taken keep their
        records, and Stripe still tells us how they end.
      </ConfirmDialog>
    </SectionPanel>
  );
}

function FeesPanel(props: { settings: StripeSettings }) {
  const { settings } = props;
  const update = useUpdateStripeSettings();
  const isConnected = settings.version !== null;
  return (
    <SectionPanel title="Card fees">
      <Table aria-label="Card fees" w="auto">
        <Table.Tbody>
          {settings.fees.map((fee) => (
            <Table.Tr key={fee.region}>
              <Table.Th scope="row" fw={400}>
                {fee.label}
              </Table.Th>
              <Table.Td>{fee.fee}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Switch
        label="Pass card fees on to payers"
        description="Adds a surcharge of no more than the fee to each card payment. Payers see it, with the card's country, before they pay. Off: you pay the fee."
        checked={
          (update.isPending ? update.variables?.is_fee_passed_on : undefined) ?? settings.is_fee_passed_on
        }
        disabled={!isConnected || update.isPending}
        onChange={(event) => {
          if (settings.version === null) return;
          update.mutate({ is_fee_passed_on: event.currentTarget.checked, version: settings.version });
        }}
      />
      {!isConnected && (
        <Text size="sm" c="dimmed">
          Connect a Stripe account to choose.
        </Text>
      )}
      {update.isError && (
        <Alert color="red" variant="light" role="alert">
          {refusal(update.error, 'The change was not saved. Try again.')}
        </Alert>
      )}
    </SectionPanel>
  );
}

/** The merchant's Stripe connection and fee choice, once the server has Stripe keys. */
export function StripeConnection(props: { settings: StripeSettings }) {
  return (
    <Stack gap="lg">
      {props.settings.status === 'NOT_CONNECTED' ? (
        <ConnectPanel />
      ) : (
        <AccountPanel settings={props.settings} />
      )}
      <FeesPanel settings={props.settings} />
    </Stack>
  );
}
