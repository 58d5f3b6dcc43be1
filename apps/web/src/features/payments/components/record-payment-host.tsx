import { Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { Payment } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readRecordPayment, withoutRecordPayment } from '#lib/record-payment-dialog.ts';
import { routePath } from '#lib/routes.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { useIsPhone } from '#lib/use-is-phone.ts';
import { useOrderToPay } from '../api/order-lookup.ts';
import { paymentTitle } from '../model/payment-labels.ts';
import { RecordPaymentForm, type RecordPaymentStart } from './record-payment-form.tsx';

// Mantine's close button carries only an icon; this gives it a name (axe: button-name).
const CLOSE = { 'aria-label': 'Close' };

/** Opened for an order: its customer, what it owes, and the order allocated first. */
function OrderStart(props: { orderId: string; children: (start: RecordPaymentStart) => ReactNode }) {
  const query = useOrderToPay(props.orderId);
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Text size="sm" c="dimmed" role="status">
          Loading the order…
        </Text>
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (query.isError)
    return <Text>We could not load the order this payment is for. Close this and try again.</Text>;
  const order = query.data;
  return props.children({
    customer: { value: order.customer.organisation_id, label: order.customer.name },
    amountCents: order.outstanding_cents > 0 ? order.outstanding_cents : null,
    firstOrderId: order.id,
  });
}

/**
 * The merchant's "Record payment" dialog the address names (lib/record-payment-dialog.ts), over
 * whatever screen is open: the app shell mounts this when there is one. Recorded, it says so and
 * closes; on All Payments the new payment opens over the list.
 */
export function RecordPaymentHost() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const isPhone = useIsPhone();
  const request = readRecordPayment(searchParams);
  if (!request) return null;

  const close = () => setSearchParams(withoutRecordPayment(searchParams), { replace: true });
  const onRecorded = (payment: Payment) => {
    showSuccessToast(`${paymentTitle(payment)} recorded`);
    const next = withoutRecordPayment(searchParams);
    if (pathname === routePath('/payments')) next.set('payment', payment.id);
    setSearchParams(next, { replace: true });
  };
  const form = (start: RecordPaymentStart) => (
    <RecordPaymentForm start={start} onRecorded={onRecorded} onClose={close} />
  );
  return (
    <Modal
      opened
      onClose={close}
      title="Record payment"
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={CLOSE}
    >
      {request.orderId ? (
        <OrderStart orderId={request.orderId}>{form}</OrderStart>
      ) : (
        form({ customer: null, amountCents: null, firstOrderId: null })
      )}
    </Modal>
  );
}
