import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';
import { creditTitle, paymentTitle } from '../model/payment-labels.ts';

// Links between the records money touches: a payment's orders and credits, a credit's payments.

export function OrderLink(props: { order: { id: string; number: number } }) {
  return (
    <Anchor component={Link} to={routePath('/orders/:orderId', { orderId: props.order.id })}>
      Order {props.order.number}
    </Anchor>
  );
}

export function PaymentRecordLink(props: { payment: { id: string; number: number } }) {
  return (
    <Anchor component={Link} to={routePath('/payments', undefined, { payment: props.payment.id })}>
      {paymentTitle(props.payment)}
    </Anchor>
  );
}

export function CreditRecordLink(props: { credit: { id: string; number: number } }) {
  return (
    <Anchor component={Link} to={routePath('/payments/credits', undefined, { credit: props.credit.id })}>
      {creditTitle(props.credit)}
    </Anchor>
  );
}
