import { formatInvoiceNumber } from '@tradeport/contract';
import type { MailAttachment, MailMessage } from '../../platform/mail/outbox.ts';
import { renderEmail } from '../../platform/mail/render-email.ts';
import { calendarDate, dayIn, money } from './document-format.ts';
import type { DocumentOrder } from './invoice-pdf.ts';

type EmailOrder = Pick<
  DocumentOrder,
  | 'id'
  | 'number'
  | 'invoiceNumber'
  | 'customerName'
  | 'totalCents'
  | 'dueDate'
  | 'deliveryDate'
  | 'shippingMethodName'
  | 'shippingMethodKind'
  | 'placedAt'
  | 'purchaseOrderNumber'
  | 'merchant'
>;

/** "Weekday delivery on 26/11/2026", or what is known of it. */
function deliveryLine(order: EmailOrder): string {
  const what = order.shippingMethodKind === 'PICK_UP' ? 'Pick-up' : 'Delivery';
  const date = order.deliveryDate ? calendarDate(order.deliveryDate) : null;
  if (order.shippingMethodName && date) return `${what}: ${order.shippingMethodName} on ${date}.`;
  if (order.shippingMethodName) return `${what}: ${order.shippingMethodName}, date to be confirmed.`;
  return date ? `${what} date: ${date}.` : 'Delivery: to be arranged with you.';
}

const orderLink = (appUrl: string, orderId: string) => new URL(`/orders/${orderId}`, appUrl).toString();

/** To each of the customer's people: the order is in, with its tax invoice attached. */
export function orderConfirmationEmail(options: {
  to: string;
  order: EmailOrder;
  invoice: Buffer;
  appUrl: string;
}): MailMessage {
  const { order } = options;
  const merchant = order.merchant.title;
  const invoiceNumber = formatInvoiceNumber(order.invoiceNumber);
  const { text, html } = renderEmail({
    heading: `Order ${order.number} confirmed`,
    paragraphs: [
      `${merchant} has received order ${order.number} for ${order.customerName}, placed on ${dayIn(order.placedAt, order.merchant.timeZone)}.`,
      ...(order.purchaseOrderNumber ? [`Your purchase order number: ${order.purchaseOrderNumber}.`] : []),
      deliveryLine(order),
      `Total ${money(order.totalCents)} inc GST, due by ${calendarDate(order.dueDate)}. Tax invoice ${invoiceNumber} is attached.`,
    ],
    action: { label: 'View the order', url: orderLink(options.appUrl, order.id) },
    footer: `Sent by Tradeport for ${merchant} because an order was placed for your organisation.`,
  });
  const attachment: MailAttachment = {
    filename: `${invoiceNumber}.pdf`,
    contentType: 'application/pdf',
    content: options.invoice,
  };
  return {
    to: options.to,
    subject: `Order ${order.number} confirmed by ${merchant} (tax invoice ${invoiceNumber})`,
    text,
    html,
    attachments: [attachment],
  };
}

/** To each of the merchant's people: a new order to prepare. */
export function newOrderNoticeEmail(options: { to: string; order: EmailOrder; appUrl: string }): MailMessage {
  const { order } = options;
  const { text, html } = renderEmail({
    heading: `New order ${order.number} from ${order.customerName}`,
    paragraphs: [
      `${order.customerName} placed order ${order.number} on ${dayIn(order.placedAt, order.merchant.timeZone)}.`,
      `Total ${money(order.totalCents)} inc GST.`,
      deliveryLine(order),
    ],
    action: { label: 'Open the order', url: orderLink(options.appUrl, order.id) },
    footer: `Sent by Tradeport because you are a member of ${order.merchant.title}.`,
  });
  return {
    to: options.to,
    subject: `New order ${order.number} from ${order.customerName} (${money(order.totalCents)})`,
    text,
    html,
  };
}
