import { PAYMENT_METHOD_LABELS, type PaymentSummary } from '@tradeport/contract';
import type { MailMessage } from '../../platform/mail/outbox.ts';
import { renderEmail } from '../../platform/mail/render-email.ts';
import { calendarDate, money } from '../order-documents/document-format.ts';

// The mails a payment sends the customer's people: a receipt once it is received, a notice when
// it fails. Both name the orders it pays, so the customer can match it to their invoices.

const paymentsLink = (appUrl: string) => new URL('/payments', appUrl).toString();

function ordersLine(payment: PaymentSummary): string | undefined {
  if (payment.allocations.length === 0) return undefined;
  const parts = payment.allocations.map(
    (allocation) => `order ${allocation.order_number} (${money(allocation.amount_cents)})`,
  );
  return `It pays ${parts.join(', ')}.`;
}

/** To each of the customer's people: the merchant has received their payment. */
export function paymentReceiptEmail(options: {
  to: string;
  payment: PaymentSummary;
  appUrl: string;
}): MailMessage {
  const { payment } = options;
  const merchant = payment.merchant.title;
  const method = PAYMENT_METHOD_LABELS[payment.method];
  const { text, html } = renderEmail({
    heading: `Payment ${payment.number} received`,
    paragraphs: [
      `${merchant} has received ${money(payment.amount_cents)} from ${payment.customer.name} by ${method} on ${calendarDate(payment.paid_on)}${payment.reference ? ` (reference ${payment.reference})` : ''}.`,
      ...(payment.surcharge_cents > 0
        ? [`A card surcharge of ${money(payment.surcharge_cents)} was added.`]
        : []),
      ...[ordersLine(payment)].filter((line): line is string => line !== undefined),
      ...(payment.unallocated_cents > 0
        ? [`${money(payment.unallocated_cents)} was kept as account credit for your next orders.`]
        : []),
    ],
    action: { label: 'View your payments', url: paymentsLink(options.appUrl) },
    footer: `Sent by Tradeport for ${merchant} because a payment was received from your organisation.`,
  });
  return {
    to: options.to,
    subject: `Payment ${payment.number} of ${money(payment.amount_cents)} received by ${merchant}`,
    text,
    html,
  };
}

/** To each of the customer's people: their payment did not go through, and what still owes. */
export function paymentFailedEmail(options: {
  to: string;
  payment: PaymentSummary;
  failureMessage: string | null;
  appUrl: string;
}): MailMessage {
  const { payment } = options;
  const merchant = payment.merchant.title;
  const { text, html } = renderEmail({
    heading: `Payment ${payment.number} failed`,
    paragraphs: [
      `Your payment of ${money(payment.amount_cents)} to ${merchant} by ${PAYMENT_METHOD_LABELS[payment.method]} did not go through${options.failureMessage ? `: ${options.failureMessage}` : '.'}`,
      ...[ordersLine(payment)?.replace('It pays', 'It was to pay')].filter(
        (line): line is string => line !== undefined,
      ),
      'Those orders are still unpaid. Please pay them another way, or contact us.',
    ],
    action: { label: 'View your payments', url: paymentsLink(options.appUrl) },
    footer: `Sent by Tradeport for ${merchant} because a payment from your organisation failed.`,
  });
  return {
    to: options.to,
    subject: `Payment ${payment.number} of ${money(payment.amount_cents)} to ${merchant} failed`,
    text,
    html,
  };
}
