import { formatInvoiceNumber } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf/testing/pdf-text.ts';
import { orders } from '../../platform/db/schema/index.ts';
import { waitUntil } from '../../platform/jobs/testing/wait-until.ts';
import { createMailQueue } from '../../platform/mail/outbox.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../platform/mail/testing/smtp-stand-in.ts';
import { addMember, createTestApp, createUser, type TestApp } from '../../testing/index.ts';
import { customerTestKit } from '../customers/customers.testing.ts';
import { createPricedTestOrder, setOrganisationDetails } from './order-documents.testing.ts';
import { createOrderConfirmations, ORDER_PLACED_JOB } from './order-placed.job.ts';

// The `order.placed` job end to end: queued as placing an order queues it, run by the app's own
// workers, delivered over SMTP to a stand-in server.

let t: TestApp;
let smtp: SmtpStandIn;
const { newMerchant, memberOf, addCustomer } = customerTestKit(() => t);

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://tradeport.test' }, { workers: true });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const db = () => t.database.db;

async function trade(title: string) {
  const { merchant, admin, base } = await newMerchant(title);
  await setOrganisationDetails(db(), merchant.id, { abn: '51824753556' });
  const colleague = await memberOf(merchant.id, 'User');
  const customer = await addCustomer(base, admin.headers, { title: `${title} Café` });
  const buyers = [
    await memberOf(customer.organisation_id, 'Admin'),
    await memberOf(customer.organisation_id, 'User'),
  ];
  // A former member of the café: no longer active, so no mail.
  const former = await createUser(db());
  await addMember(db(), { userId: former.id, organisationId: customer.organisation_id, active: false });
  const order = await createPricedTestOrder(db(), {
    merchantId: merchant.id,
    customerAccountId: customer.id,
    customerName: `${title} Café`,
    lines: [{ name: 'Espresso beans 1kg', sku: 'BEAN-1', quantity: 4, unitPriceCents: 2_500 }],
    deliveryFeeCents: 1_000,
    shippingMethodName: 'Weekday delivery',
    shippingMethodKind: 'DELIVERY',
    deliveryDate: '2026-11-26',
  });
  return { merchant, admin, colleague, buyers, former, order };
}

async function queuePlaced(orderId: string) {
  await db().transaction(async (tx) => {
    await t.jobs.sendInTransaction(tx, { name: ORDER_PLACED_JOB, data: { order_id: orderId } });
  });
}

describe(`the ${ORDER_PLACED_JOB} job`, () => {
  it('mails the customer’s people the confirmation with the tax invoice, and the merchant’s a notice', async () => {
    const a = await trade('Harbour Roasters');
    await queuePlaced(a.order.id);
    const invoiceNumber = formatInvoiceNumber(a.order.invoiceNumber);

    for (const buyer of a.buyers) {
      const mail = await smtp.waitFor((m) => m.to === buyer.user.email);
      expect(mail.subject).toBe(
        `Order ${a.order.number} confirmed by Harbour Roasters (tax invoice ${invoiceNumber})`,
      );
      expect(mail.text).toContain(
        `Total $121.00 inc GST, due by 08/12/2026. Tax invoice ${invoiceNumber} is attached.`,
      );
      expect(mail.text).toContain('Delivery: Weekday delivery on 26/11/2026.');
      expect(mail.text).toContain(`https://tradeport.test/orders/${a.order.id}`);
      expect(mail.attachments).toHaveLength(1);
      const [attachment] = mail.attachments;
      expect(attachment).toMatchObject({ filename: `${invoiceNumber}.pdf`, contentType: 'application/pdf' });
      const text = await pdfText(attachment!.content);
      expect(text).toContain('Tax invoice');
      expect(text).toContain('ABN 51 824 753 556');
      expect(text).toContain(invoiceNumber);
      expect(text).toMatch(/Total payable inc GST\s+\$121\.00/);
    }

    for (const member of [a.admin, a.colleague]) {
      const notice = await smtp.waitFor((m) => m.to === member.user.email);
      expect(notice.subject).toBe(`New order ${a.order.number} from Harbour Roasters Café ($121.00)`);
      expect(notice.text).toContain(`Harbour Roasters Café placed order ${a.order.number}`);
      expect(notice.text).toContain('Total $121.00 inc GST.');
      expect(notice.text).toContain('Delivery: Weekday delivery on 26/11/2026.');
      expect(notice.text).toContain(`https://tradeport.test/orders/${a.order.id}`);
      expect(notice.attachments).toEqual([]);
    }

    const [stored] = await db().select().from(orders).where(eq(orders.id, a.order.id));
    expect(stored?.confirmationQueuedAt).toBeInstanceOf(Date);
    expect(smtp.messages.filter((m) => m.to === a.former.email)).toEqual([]);
  });

  it('queues the mails once however often it runs', async () => {
    const a = await trade('Twice Told Tea');
    const confirmations = createOrderConfirmations({
      database: t.database,
      mail: createMailQueue(t.jobs),
      appUrl: 'https://tradeport.test',
      now: () => new Date(),
    });
    const recipients = [...a.buyers, a.admin, a.colleague].map((person) => person.user.email);
    const outboxCount = async () => {
      const rows = await db().query.mailOutbox.findMany();
      return rows.filter((row) => recipients.includes(row.toAddress)).length;
    };

    // Two runs at once (a job redelivered while the first still runs) and one after.
    const outcomes = await Promise.all([
      confirmations.confirm(a.order.id),
      confirmations.confirm(a.order.id),
    ]);
    expect(outcomes.sort()).toEqual(['already-queued', 'queued']);
    expect(await confirmations.confirm(a.order.id)).toBe('already-queued');
    expect(await outboxCount()).toBe(4);

    // And the job itself, run again by the workers, adds nothing.
    await queuePlaced(a.order.id);
    await waitUntil(() => recipients.every((to) => smtp.messages.some((m) => m.to === to)), {
      what: 'the mails of the first run to be delivered',
    });
    const marker = await trade('Marker Merchants');
    await queuePlaced(marker.order.id);
    await smtp.waitFor((m) => m.to === marker.admin.user.email);
    expect(await outboxCount()).toBe(4);
    expect(smtp.messages.filter((m) => recipients.includes(m.to))).toHaveLength(4);
  });

  it('sends only the merchant’s notice when the customer has nobody to confirm to', async () => {
    const { merchant, admin, base } = await newMerchant('Phone Order Provisions');
    const customer = await addCustomer(base, admin.headers, { title: 'Phone Order Café' });
    const order = await createPricedTestOrder(db(), {
      merchantId: merchant.id,
      customerAccountId: customer.id,
      customerName: 'Phone Order Café',
      lines: [{ name: 'Espresso beans 1kg', sku: 'BEAN-1', quantity: 1, unitPriceCents: 2_500 }],
    });
    const confirmations = createOrderConfirmations({
      database: t.database,
      mail: createMailQueue(t.jobs),
      appUrl: 'https://tradeport.test',
      now: () => new Date(),
    });
    expect(await confirmations.confirm(order.id)).toBe('queued');
    const queued = (await db().query.mailOutbox.findMany()).filter((row) =>
      row.subject.includes('Phone Order'),
    );
    expect(queued.map((row) => [row.toAddress, row.subject])).toEqual([
      [admin.user.email, `New order ${order.number} from Phone Order Café ($27.50)`],
    ]);
  });

  it('does nothing for an order that is not there', async () => {
    const confirmations = createOrderConfirmations({
      database: t.database,
      mail: createMailQueue(t.jobs),
      appUrl: 'https://tradeport.test',
      now: () => new Date(),
    });
    expect(await confirmations.confirm('00000000-0000-4000-8000-000000000000')).toBe('order-not-found');
  });
});
