import { daysOverdue, formatInvoiceNumber } from '@tradeport/contract';
import type { MailMessage } from '../../platform/mail/outbox.ts';
import { renderEmail } from '../../platform/mail/render-email.ts';
import { calendarDate, money } from '../order-documents/document-format.ts';
import type { ClaimedOrder } from './overdue-reminders.queries.ts';

/** To each of the customer's people: these invoices from the merchant are past their due date. */
export function overdueReminderEmail(options: {
  to: string;
  merchantTitle: string;
  customerName: string;
  today: string;
  orders: ClaimedOrder[];
  appUrl: string;
}): MailMessage {
  const { merchantTitle, orders } = options;
  const owed = (order: ClaimedOrder) => Math.max(order.totalCents - order.paidCents, 0);
  const totalCents = orders.reduce((sum, order) => sum + owed(order), 0);
  const count = orders.length === 1 ? 'An invoice' : `${orders.length} invoices`;
  const { text, html } = renderEmail({
    heading: `${count} from ${merchantTitle} ${orders.length === 1 ? 'is' : 'are'} overdue`,
    paragraphs: [
      `${options.customerName}: ${orders.length === 1 ? 'this invoice is' : 'these invoices are'} past ${orders.length === 1 ? 'its' : 'their'} due date.`,
      ...orders.map((order) => {
        const days = daysOverdue({ dueDate: order.dueDate, today: options.today });
        return `${formatInvoiceNumber(order.invoiceNumber)} (order ${order.number}): due ${calendarDate(order.dueDate)}, ${days} ${days === 1 ? 'day' : 'days'} overdue, ${money(owed(order))} to pay of ${money(order.totalCents)}.`;
      }),
      `In all ${money(totalCents)} is overdue. If you have paid it already, thank you, and please ignore this reminder.`,
    ],
    action: { label: 'View your orders', url: new URL('/orders', options.appUrl).toString() },
    footer: `Sent by Tradeport for ${merchantTitle}, at most once a week for each overdue invoice.`,
  });
  return {
    to: options.to,
    subject: `Overdue: ${orders.length === 1 ? '1 invoice' : `${orders.length} invoices`} from ${merchantTitle} (${money(totalCents)})`,
    text,
    html,
  };
}
