import type { Payment } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailQueue } from '../../platform/mail/outbox.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../platform/mail/testing/smtp-stand-in.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { createPaymentNotices } from './payment-notices.job.ts';
import { paymentTestKit } from './payments.testing.ts';

// The `payment.receipt` and `payment.failed` jobs: queued by the ledger with the payment's change,
// run by the app's own workers, delivered over SMTP to a stand-in; each mail queued once.

let t: TestApp;
let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://tradeport.test' }, { workers: true });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const kit = paymentTestKit(() => t);
const { payingShop, bankTransfer, record, post, ok, paymentUrl } = kit;

describe('payment notices', () => {
  it('mails the customer’s people a receipt naming the orders paid and the credit kept', async () => {
    const shop = await payingShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const payment = await record(
      shop,
      bankTransfer(shop, order.totalCents + 1_000, [{ order_id: order.id, amount_cents: order.totalCents }]),
    );
    const mail = await smtp.waitFor((m) => m.to === shop.customerPerson.user.email);
    expect(mail.subject).toBe(`Payment ${payment.number} of $46.29 received by Harbour Wholesale`);
    expect(mail.text).toContain(
      'Harbour Wholesale has received $46.29 from Bean There Café by Bank Transfer on 02/03/2026 (reference EFT 4471).',
    );
    expect(mail.text).toContain(`It pays order ${order.number} ($36.29).`);
    expect(mail.text).toContain('$10.00 was kept as account credit for your next orders.');
    expect(mail.text).toContain('https://tradeport.test/payments');
    // Nobody else: not the other customer, not the merchant's people.
    expect(
      smtp.messages.filter((m) => [shop.otherPerson.user.email, shop.admin.user.email].includes(m.to)),
    ).toEqual([]);
  });

  it('mails a failure notice when a payment fails', async () => {
    const shop = await payingShop('Failing Foods');
    const order = await shop.order([{ productId: shop.products.milk.id, quantity: 1 }]);
    const pending = await record(
      shop,
      bankTransfer(shop, order.totalCents, [{ order_id: order.id, amount_cents: order.totalCents }], {
        method: 'EXTERNAL_DIRECT_DEBIT',
        state: 'PROCESSING',
      }),
    );
    await ok<Payment>(
      post(`${paymentUrl(shop.merchant.id, pending.id)}/state`, shop.admin.headers, {
        version: pending.version,
        state: 'FAILED',
        failure_message: 'Insufficient funds',
      }),
    );
    const mail = await smtp.waitFor((m) => m.to === shop.customerPerson.user.email);
    expect(mail.subject).toBe(`Payment ${pending.number} of $5.01 to Failing Foods failed`);
    expect(mail.text).toContain('did not go through: Insufficient funds');
    expect(mail.text).toContain(`It was to pay order ${order.number} ($5.01).`);
  });

  it('queues each mail once however often the job runs', async () => {
    const shop = await payingShop('Once Only Oils');
    const payment = await record(shop, bankTransfer(shop, 500, []));
    const notices = createPaymentNotices({
      database: t.database,
      mail: createMailQueue(t.jobs),
      appUrl: 'https://tradeport.test',
    });
    await Promise.all([notices.receipt(payment.id), notices.receipt(payment.id)]);
    await notices.receipt(payment.id);
    const rows = await t.database.db.query.mailOutbox.findMany();
    expect(rows.filter((row) => row.toAddress === shop.customerPerson.user.email)).toHaveLength(1);
    expect(await notices.receipt('00000000-0000-4000-8000-000000000000')).toBe('not-found');
  });
});
