import { addDays, formatInvoiceNumber } from '@tradeport/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../platform/db/schema/index.ts';
import { waitUntil } from '../../platform/jobs/testing/wait-until.ts';
import { createMailQueue } from '../../platform/mail/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { setOrganisationDetails } from '../order-documents/order-documents.testing.ts';
import { createOverdueReminders, OVERDUE_REMINDERS_JOB } from './overdue-reminders.job.ts';
import { insertPayment, NOW, receivablesKit, TODAY } from './receivables.testing.ts';

// The daily overdue reminder: one mail per customer listing its overdue invoices, each invoice at
// most once a week, nothing twice however often it runs, and only where the merchant left it on.

let t: TestApp;
const { api, memberOf, merchantWithCustomers } = receivablesKit(() => t);
const db = () => t.database.db;
let clock = NOW;
const reminders = () =>
  createOverdueReminders({
    database: t.database,
    mail: createMailQueue(t.jobs),
    appUrl: 'https://tradeport.test',
    now: () => clock,
  });

beforeAll(async () => {
  t = await createTestApp({}, { workers: true });
  // The workers queue a reminders run as they start, on the app's own clock: it must be over
  // before a test makes overdue invoices, or (on a busy machine, seen on PostgreSQL) it claims
  // them first and the test's own runs find nothing.
  await waitUntil(
    async () => {
      const result = (await db().execute(
        sql`select count(*)::int as queued, (count(*) filter (where state in ('created', 'retry', 'active')))::int as pending
          from pgboss.job where name = ${OVERDUE_REMINDERS_JOB}`,
      )) as unknown as { rows: { queued: number; pending: number }[] };
      const { queued, pending } = result.rows[0]!;
      return queued > 0 && pending === 0;
    },
    { what: 'the reminders run queued at start to finish' },
  );
});
afterAll(() => t.close());

/** Reminder mails queued to `to`, oldest first. */
async function remindersTo(to: string) {
  const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return rows
    .filter((row) => row.subject.startsWith('Overdue'))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Merchants of earlier tests: switched off when the next is made, so each test counts its own. */
const earlier: string[] = [];

/** A merchant taking payments: the café (reminders on) and the bistro (off) each owe overdue invoices. */
async function shopWithOverdueInvoices(title: string) {
  for (const merchantId of earlier.splice(0)) {
    await setOrganisationDetails(db(), merchantId, { paymentsEnabled: false });
  }
  const shop = await merchantWithCustomers(title);
  earlier.push(shop.merchant.id);
  const { merchant, cafe, bistro, untracked, order } = shop;
  await setOrganisationDetails(db(), merchant.id, { paymentsEnabled: true });
  await shop.track(bistro.id, { is_overdue_reminders_enabled: false });
  const cafeOwner = await memberOf(cafe.organisation_id, 'Admin');
  const bistroPerson = await memberOf(bistro.organisation_id, 'Admin');
  const untrackedPerson = await memberOf(untracked.organisation_id, 'Admin');
  const tenDays = await order(cafe, { dueDate: addDays(TODAY, -10), exGstCents: 10_000 });
  const fortyDays = await order(cafe, { dueDate: addDays(TODAY, -40), exGstCents: 20_000 });
  const dueToday = await order(cafe, { dueDate: TODAY, exGstCents: 30_000 });
  const paid = await order(cafe, { dueDate: addDays(TODAY, -20), exGstCents: 1_000 });
  await insertPayment(t, {
    merchantId: merchant.id,
    customerAccountId: cafe.id,
    amountCents: 1_100 + 5_000,
    paidOn: TODAY,
    allocations: [
      { orderId: paid.id, amountCents: 1_100 },
      { orderId: fortyDays.id, amountCents: 5_000 },
    ],
  });
  const bistroOrder = await order(bistro, { dueDate: addDays(TODAY, -5), exGstCents: 4_000 });
  await order(untracked, { dueDate: addDays(TODAY, -20), exGstCents: 4_000 });
  const cafeRecipients = [shop.cafePerson.user.email, cafeOwner.user.email];
  return {
    ...shop,
    cafeRecipients,
    bistroPerson,
    untrackedPerson,
    tenDays,
    fortyDays,
    dueToday,
    paid,
    bistroOrder,
  };
}

const remindedAt = async (ids: string[]) =>
  Object.fromEntries(
    (
      await db()
        .select({ id: orders.id, at: orders.overdueRemindedAt })
        .from(orders)
        .where(inArray(orders.id, ids))
    ).map((row) => [row.id, row.at]),
  );

describe('overdue reminders', () => {
  it('mails each of a customer’s people once, listing its overdue invoices', async () => {
    clock = NOW;
    const shop = await shopWithOverdueInvoices('Reminding Wholesale');
    const outcome = await reminders().run();
    expect(outcome).toEqual({ customers: 1, orders: 2, mails: 2 });
    for (const to of shop.cafeRecipients) {
      const [mail, ...more] = await remindersTo(to);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Overdue: 2 invoices from Reminding Wholesale ($280.00)');
      const forty = formatInvoiceNumber(shop.fortyDays.invoiceNumber);
      const ten = formatInvoiceNumber(shop.tenDays.invoiceNumber);
      expect(mail!.textBody).toContain(
        `${forty} (order ${shop.fortyDays.number}): due 19/02/2026, 40 days overdue, $170.00 to pay of $220.00.`,
      );
      expect(mail!.textBody).toContain(
        `${ten} (order ${shop.tenDays.number}): due 21/03/2026, 10 days overdue, $110.00 to pay of $110.00.`,
      );
      expect(mail!.textBody.indexOf(forty)).toBeLessThan(mail!.textBody.indexOf(ten));
      expect(mail!.textBody).toContain('In all $280.00 is overdue.');
      expect(mail!.textBody).not.toContain(formatInvoiceNumber(shop.dueToday.invoiceNumber));
      expect(mail!.textBody).not.toContain(formatInvoiceNumber(shop.paid.invoiceNumber));
    }
    // Reminders off (the bistro), payments not tracked: no mail.
    expect(await remindersTo(shop.bistroPerson.user.email)).toEqual([]);
    expect(await remindersTo(shop.untrackedPerson.user.email)).toEqual([]);
    const at = await remindedAt([shop.tenDays.id, shop.fortyDays.id, shop.dueToday.id, shop.bistroOrder.id]);
    expect(at).toEqual({
      [shop.tenDays.id]: NOW,
      [shop.fortyDays.id]: NOW,
      [shop.dueToday.id]: null,
      [shop.bistroOrder.id]: null,
    });
  });

  it('sends nothing twice: run again, or twice at once, within the week', async () => {
    clock = NOW;
    const shop = await shopWithOverdueInvoices('Twice Run Wholesale');
    const outcomes = await Promise.all([reminders().run(), reminders().run()]);
    expect(outcomes.map((outcome) => outcome.orders).sort()).toEqual([0, 2]);
    expect(await reminders().run()).toEqual({ customers: 0, orders: 0, mails: 0 });
    // Six days on, the same invoices are not due again; the one that fell due since is, alone.
    clock = new Date(NOW.getTime() + 6 * 86_400_000);
    const sixDaysOn = await reminders().run();
    expect(sixDaysOn).toMatchObject({ customers: 1, orders: 1 });
    const [first, second, ...more] = await remindersTo(shop.cafeRecipients[0]!);
    expect(more).toEqual([]);
    expect(first!.subject).toMatch(/^Overdue: 2 invoices/);
    expect(second!.subject).toBe('Overdue: 1 invoice from Twice Run Wholesale ($330.00)');
    expect(second!.textBody).toContain(formatInvoiceNumber(shop.dueToday.invoiceNumber));
    expect(second!.textBody).toContain('6 days overdue');
    // A week after the first: the first two again, not the third (reminded yesterday).
    clock = new Date(NOW.getTime() + 7 * 86_400_000);
    expect(await reminders().run()).toMatchObject({ customers: 1, orders: 2 });
    const all = await remindersTo(shop.cafeRecipients[1]!);
    expect(all.map((mail) => mail.subject)).toEqual([
      'Overdue: 2 invoices from Twice Run Wholesale ($280.00)',
      'Overdue: 1 invoice from Twice Run Wholesale ($330.00)',
      'Overdue: 2 invoices from Twice Run Wholesale ($280.00)',
    ]);
    clock = NOW;
  });

  it('follows the merchant’s switch per customer', async () => {
    clock = NOW;
    const shop = await shopWithOverdueInvoices('Switching Wholesale');
    await shop.track(shop.cafe.id, { is_overdue_reminders_enabled: false });
    await shop.track(shop.bistro.id, { is_overdue_reminders_enabled: true });
    expect(await reminders().run()).toEqual({ customers: 1, orders: 1, mails: 1 });
    expect(await remindersTo(shop.cafeRecipients[0]!)).toEqual([]);
    const [mail] = await remindersTo(shop.bistroPerson.user.email);
    expect(mail!.subject).toBe('Overdue: 1 invoice from Switching Wholesale ($44.00)');
    const settings = await api(
      'GET',
      `/organisations/${shop.merchant.id}/customer/${shop.cafe.id}/settings`,
      shop.headers,
    );
    expect(settings.json().is_overdue_reminders_enabled).toBe(false);
  });

  it('waits for the merchant’s morning, and for a merchant taking payments', async () => {
    // 07:00 on 31 March in Sydney.
    clock = new Date('2026-03-30T20:00:00Z');
    const early = await shopWithOverdueInvoices('Early Wholesale');
    expect(await reminders().run()).toEqual({ customers: 0, orders: 0, mails: 0 });
    clock = NOW;
    await setOrganisationDetails(db(), early.merchant.id, { paymentsEnabled: false });
    expect(await reminders().run()).toEqual({ customers: 0, orders: 0, mails: 0 });
    await setOrganisationDetails(db(), early.merchant.id, { paymentsEnabled: true });
    expect(await reminders().run()).toMatchObject({ customers: 1, orders: 2 });
  });

  it(`runs as the ${OVERDUE_REMINDERS_JOB} job in the app’s workers`, async () => {
    t.setNow(NOW);
    const shop = await shopWithOverdueInvoices('Worker Wholesale');
    await db().transaction((tx) => t.jobs.sendInTransaction(tx, { name: OVERDUE_REMINDERS_JOB, data: {} }));
    await waitUntil(async () => (await remindersTo(shop.cafeRecipients[0]!)).length === 1, {
      what: 'the reminder job to queue its mail',
    });
    const claimed = await db()
      .select({ at: orders.overdueRemindedAt })
      .from(orders)
      .where(and(eq(orders.id, shop.tenDays.id)));
    expect(claimed[0]!.at).toEqual(NOW);
  });
});
