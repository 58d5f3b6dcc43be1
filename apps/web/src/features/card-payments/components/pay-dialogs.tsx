import { Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { CardPaymentResult, CardPaymentSetup } from '@tradeport/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useIsPhone } from '#lib/use-is-phone.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useMyMerchants, useOrderCustomerAccount } from '../api/order-customer.ts';
import { merchantChannel, portalChannel, useMerchantSetup, usePortalSetup } from '../api/pay-channels.ts';
import { CardPayFlow } from './card-pay-flow.tsx';

export type DialogProps = {
  organisationId: string;
  orderId?: string;
  onClose: () => void;
  onSettled: (result: CardPaymentResult) => void;
};

export function PayModal(props: { title: string; onClose: () => void; children: ReactNode }) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      size="lg"
      fullScreen={isPhone}
      // Mantine's close button is an icon only: without a name axe fails the page (button-name).
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {props.children}
    </Modal>
  );
}

function Loading(props: { label: string }) {
  return <Loader role="status" aria-label={props.label} />;
}

function SetupContent(props: {
  setup: UseQueryResult<CardPaymentSetup>;
  render: (setup: CardPaymentSetup) => ReactNode;
}) {
  const { setup } = props;
  if (setup.isPending) return <Loading label="Loading what can be paid" />;
  if (setup.isError) {
    return (
      <LoadFailedAlert
        title="We could not load what can be paid"
        message={setup.error.message}
        onRetry={() => void setup.refetch()}
      />
    );
  }
  return props.render(setup.data);
}

/** A customer paying its merchant by card: one order, or what it owes (choosing the merchant if it has several). */
export function PortalPayDialog(props: DialogProps & { merchantId?: string }) {
  const merchants = useMyMerchants({ enabled: !props.merchantId });
  const [chosen, setChosen] = useState<string | null>(null);
  const merchantId = props.merchantId ?? chosen ?? merchants.data?.[0]?.id ?? null;
  const setup = usePortalSetup(merchantId);
  const list = merchants.data ?? [];

  let content: ReactNode;
  if (!props.merchantId && merchants.isPending) content = <Loading label="Loading your merchants" />;
  else if (!props.merchantId && merchants.isError) {
    content = (
      <LoadFailedAlert title="We could not load your merchants" onRetry={() => void merchants.refetch()} />
    );
  } else if (!merchantId) {
    content = <Text>Your organisation has no account with a merchant, so there is nothing to pay.</Text>;
  } else {
    content = (
      <Stack gap="md">
        {!props.merchantId && list.length > 1 && (
          <NativeSelect
            label="Pay to"
            value={merchantId}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={list.map((merchant) => ({ value: merchant.id, label: merchant.title }))}
          />
        )}
        <SetupContent
          setup={setup}
          render={(loaded) => (
            <Stack gap="md">
              <Text c="dimmed">Paying {loaded.merchant.title}</Text>
              <CardPayFlow
                key={merchantId}
                setup={loaded}
                channel={portalChannel(props.organisationId, merchantId)}
                orderId={props.orderId}
                onSettled={props.onSettled}
                onDone={props.onClose}
              />
            </Stack>
          )}
        />
      </Stack>
    );
  }
  return (
    <PayModal title={props.orderId ? 'Pay by card' : 'Pay outstanding'} onClose={props.onClose}>
      {content}
    </PayModal>
  );
}

/**
 * The merchant taking a customer's card for one order or for what it owes. `customerId` is the
 * customer account; from an order's screen it is found through the order.
 */
export function MerchantPayDialog(props: DialogProps & { customerId?: string }) {
  const resolved = useOrderCustomerAccount(props.customerId ? null : (props.orderId ?? null));
  const customerId = props.customerId ?? resolved.data?.customerId ?? null;
  const setup = useMerchantSetup(customerId);

  let content: ReactNode;
  if (!customerId && !props.orderId)
    content = <Text>Choose a customer or an order to take a card payment.</Text>;
  else if (!customerId && resolved.isError) {
    content = (
      <LoadFailedAlert
        title="We could not find this order’s customer"
        message={resolved.error.message}
        onRetry={() => void resolved.refetch()}
      />
    );
  } else if (!customerId) content = <Loading label="Finding the customer" />;
  else {
    content = (
      <SetupContent
        setup={setup}
        render={(loaded) => (
          <Stack gap="md">
            <Text c="dimmed">Card payment from {loaded.customer.name}</Text>
            <CardPayFlow
              setup={loaded}
              channel={merchantChannel(props.organisationId, customerId)}
              orderId={props.orderId}
              onSettled={props.onSettled}
              onDone={props.onClose}
            />
          </Stack>
        )}
      />
    );
  }
  return (
    <PayModal title="Take card payment" onClose={props.onClose}>
      {content}
    </PayModal>
  );
}
