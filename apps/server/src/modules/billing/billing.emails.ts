import { BILLING_GRACE_DAYS } from '@tradeport/contract';
import type { MailMessage } from '../../platform/mail/outbox.ts';
import { renderEmail } from '../../platform/mail/render-email.ts';
import { dayIn } from '../order-documents/document-format.ts';

/**
 * To each of the merchant's Admins, when a renewal first fails: the banner says the same in the
 * app, but only to someone who signs in during the grace days.
 */
export function renewalFailedEmail(options: {
  to: string;
  merchantTitle: string;
  deactivateDate: Date;
  timeZone: string;
  appUrl: string;
}): MailMessage {
  const lastDay = dayIn(options.deactivateDate, options.timeZone);
  const { text, html } = renderEmail({
    heading: 'Your Tradeport payment failed',
    paragraphs: [
      `We could not take the payment for ${options.merchantTitle}’s Tradeport subscription.`,
      `Tradeport keeps working for ${BILLING_GRACE_DAYS} days while you update the card or pay: unless the payment is made, ${options.merchantTitle} will lose access on ${lastDay}. Stripe tries the card again in the meantime.`,
    ],
    action: {
      label: 'Update your card',
      url: new URL('/organisations/billing', options.appUrl).toString(),
    },
    footer: `Sent by Tradeport to the Admins of ${options.merchantTitle} about its subscription.`,
  });
  return {
    to: options.to,
    subject: `Action needed: the payment for ${options.merchantTitle}’s Tradeport subscription failed`,
    text,
    html,
  };
}
