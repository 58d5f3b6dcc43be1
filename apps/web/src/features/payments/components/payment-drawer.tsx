import { Divider, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePayment } from '../api/payment-detail.ts';
import { openRecordOf, withoutOpenRecord } from '../model/open-record.ts';
import { paymentTitle } from '../model/payment-labels.ts';
import { PaymentActions } from './payment-actions.tsx';
import { PaymentDetails } from './payment-details.tsx';
import { RecordDrawer } from './record-drawer.tsx';

/**
 * The payment the address names (`?payment=<id>`), over All Payments: its details, and for the
 * merchant what can be done with it now.
 */
export function PaymentDrawer(props: { view: 'merchant' | 'customer' }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const paymentId = openRecordOf(searchParams, 'payment');
  const query = usePayment(paymentId);
  const payment = query.data;
  const close = () => setSearchParams(withoutOpenRecord(searchParams, 'payment'), { replace: true });
  return (
    <RecordDrawer
      opened={paymentId !== null}
      title={payment ? paymentTitle(payment) : 'Payment'}
      what="payment"
      query={query}
      onClose={close}
    >
      {payment && (
        <Stack gap="lg">
          {props.view === 'merchant' && <PaymentActions payment={payment} />}
          {props.view === 'merchant' && <Divider />}
          <PaymentDetails payment={payment} view={props.view} />
        </Stack>
      )}
    </RecordDrawer>
  );
}
