import {
  ACCOUNTING_PROVIDER_NAMES,
  type AccountingMapping,
  type AccountingProvider,
  formatDollars,
  formatInvoiceNumber,
  isMappingComplete,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import {
  ProviderRateLimitedError,
  ProviderRefusedError,
} from '../../integrations/accounting/accounting-errors.ts';
import type {
  AccountingProviderClient,
  BooksCall,
} from '../../integrations/accounting/accounting-provider.ts';
import type { Db } from '../../platform/db/client.ts';
import { findConnection, saveConnection } from './accounting-connections.queries.ts';
import { createAccountingConnections } from './accounting-connections.service.ts';
import { contactsFor, itemCodesFor } from './accounting-links.service.ts';
import {
  creditNoteOf,
  invoiceOf,
  surchargeInvoiceOf,
  SyncNotReadyError,
} from './accounting-sync-documents.ts';
import {
  claimSyncRecord,
  findSyncOrder,
  findSyncCredit,
  findSyncPayment,
  findSyncRecords,
  finishSyncRecord,
  listLinkedTaxRates,
  listWaitingOn,
  noteSyncAttempt,
  saveExternalPart,
  type SyncOutcome,
  type SyncPayment,
  type SyncRecordRow,
  takeProviderCalls,
} from './accounting-sync.queries.ts';
import { MAX_SYNC_ATTEMPTS, queueAccountingSync, sendSyncJob } from './accounting-sync.queue.ts';

// Sending one record to the merchant's books (the accounting.sync job's handler): an order's
// invoice, a payment. Each run claims the record (a lease, so two deliveries never send it at
// once), sends its current revision and records the outcome. What makes it safe to run again:
// every write names an Idempotency-Key of the record, its revision and the part, and every id the
// books answer is saved as soon as it is known, so a retry updates or skips rather than duplicates.
// A payment waits (WAITING) until the invoices it pays are in the books; sending an invoice
// queues what waited for it.

/** How long a worker may hold a record; past it (a crash), another may take it. */
const LEASE_MS = 5 * 60_000;

type Deps = Pick<AppDeps, 'database' | 'config' | 'accounting' | 'now' | 'jobs'>;

export type SyncRunResult = 'sent' | 'nothing-to-do' | 'deferred';

/** Another worker holds the record: this delivery is retried (with backoff) once it is done. */
export class SyncRecordBusyError extends Error {
  constructor() {
    super('Another worker is sending this record');
    this.name = 'SyncRecordBusyError';
  }
}

type Run = {
  record: SyncRecordRow;
  provider: AccountingProvider;
  client: AccountingProviderClient;
  call: BooksCall;
  mapping: AccountingMapping;
  /** A write's key: the record, the revision being sent and the part. */
  keyOf: (part: string) => string;
};

export function createAccountingSync(deps: Deps) {
  const { db } = deps.database;
  const connections = createAccountingConnections(deps);

  /**
   * The client with every call counted against the provider's per-minute limit for these books,
   * shared by every process through the database: a call that would go past it is not made, and
   * the job comes back at the next minute (as if the provider had said 429).
   */
  function metered(client: AccountingProviderClient, tenantId: string): AccountingProviderClient {
    return new Proxy(client, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const now = deps.now();
          const fits = await takeProviderCalls(db, {
            provider: client.id,
            tenantId,
            calls: 1,
            limit: client.callsPerMinute,
            now,
          });
          if (!fits) throw new ProviderRateLimitedError(60 - Math.floor((now.getTime() % 60_000) / 1000));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }

  async function contactOf(run: Run, customerAccountId: string): Promise<string> {
    const contacts = await contactsFor({
      db,
      merchantId: run.record.merchantId,
      provider: run.provider,
      directory: run.client,
      call: run.call,
      customerAccountIds: [customerAccountId],
      now: deps.now(),
    });
    const contactId = contacts.get(customerAccountId);
    if (!contactId) throw new SyncNotReadyError('The customer could not be found in the books.');
    return contactId;
  }

  async function sendInvoice(run: Run): Promise<SyncOutcome> {
    const { record, mapping } = run;
    const order = await findSyncOrder(db, { merchantId: record.merchantId, orderId: record.sourceId });
    if (!order) return { status: 'SKIPPED', message: 'The order no longer exists.' };
    if (order.status === 'CANCELLED') {
      if (!record.externalId) return { status: 'SKIPPED', message: 'Cancelled before it was sent.' };
      await run.client.voidInvoice({ ...run.call, idempotencyKey: run.keyOf('void') }, record.externalId);
      return { status: 'SYNCED', externalId: record.externalId };
    }
    if (mapping.push_on === 'ON_COMPLETION' && order.status !== 'COMPLETED' && !record.externalId) {
      return { status: 'WAITING', message: 'Sent when the order is completed.' };
    }
    const [itemCodes, taxRates] = await Promise.all([
      itemCodesFor({
        db,
        merchantId: record.merchantId,
        provider: run.provider,
        productIds: order.lines.map((line) => line.productId),
      }),
      listLinkedTaxRates(db, { merchantId: record.merchantId, provider: run.provider }),
    ]);
    const invoice = invoiceOf({
      order,
      contactId: await contactOf(run, order.customerAccountId),
      mapping,
      itemCodes,
      ruleTaxIds: new Map(taxRates.map((rate) => [rate.rateBasisPoints, rate.taxId])),
      provider: run.provider,
    });
    const write = { ...run.call, idempotencyKey: run.keyOf('invoice') };
    const made = record.externalId
      ? await run.client.updateInvoice(write, record.externalId, invoice)
      : await run.client.createInvoice(write, invoice);
    if (made.totalCents !== order.totalCents) {
      // Made, and its id kept, but not as the customer's invoice says: the merchant must look.
      return {
        status: 'FAILED',
        externalId: made.id,
        message: `${ACCOUNTING_PROVIDER_NAMES[run.provider]} worked out ${formatDollars(made.totalCents)} for ${formatInvoiceNumber(order.invoiceNumber)}, not ${formatDollars(order.totalCents)}: check its tax rates.`,
      };
    }
    return { status: 'SYNCED', externalId: made.id };
  }

  /**
   * The books' records this one depends on (the invoices a payment pays, the credit note a credit
   * is applied from), by source: their ids once sent. One never queued (made before the books were
   * connected) is queued now, so what a payment needs follows it.
   */
  async function dependencies(run: Run, kind: 'INVOICE' | 'CREDIT_NOTE', sourceIds: string[]) {
    const records = await findSyncRecords(db, {
      merchantId: run.record.merchantId,
      provider: run.provider,
      kind,
      sourceIds,
    });
    const missing = sourceIds.filter((id) => !records.some((record) => record.sourceId === id));
    if (missing.length > 0) {
      await db.transaction(async (tx: Db) => {
        for (const sourceId of missing) {
          await queueAccountingSync(tx, {
            jobs: deps.jobs,
            merchantId: run.record.merchantId,
            kind,
            sourceId,
          });
        }
      });
    }
    return new Map(
      records.filter((record) => record.externalId).map((record) => [record.sourceId, record.externalId!]),
    );
  }

  /**
   * A payment in the books is, per order it pays, what it still pays of it: the amount less what
   * was refunded, nothing once voided. A part already there for a different amount is taken out
   * and made again; an applied credit is the credit note allocated to the invoices instead.
   */
  async function sendPayment(run: Run): Promise<SyncOutcome> {
    const { record, mapping } = run;
    const payment = await findSyncPayment(db, { merchantId: record.merchantId, paymentId: record.sourceId });
    if (!payment) return { status: 'SKIPPED', message: 'The payment no longer exists.' };
    const counts = payment.state === 'SUCCESSFUL' || payment.state === 'REFUNDED';
    const parts = { ...record.externalParts };
    if (!counts && !Object.keys(parts).some((part) => part.startsWith('order:'))) {
      return { status: 'SKIPPED', message: 'Sent once the payment is received.' };
    }
    const isCredit = payment.method === 'ACCOUNT_CREDIT';
    const accountCode = isCredit ? null : mapping.payment_account_codes[payment.method];
    if (!isCredit && !accountCode) {
      return {
        status: 'SKIPPED',
        message: 'No account is chosen for this payment method in the settings, so it is not sent.',
      };
    }
    const wanted = payment.allocations.map((allocation) => ({
      ...allocation,
      cents: counts ? allocation.amountCents - allocation.refundedCents : 0,
    }));
    const invoiceIds = await dependencies(
      run,
      'INVOICE',
      wanted.filter((allocation) => allocation.cents > 0).map((allocation) => allocation.orderId),
    );
    const unsent = wanted.filter((allocation) => allocation.cents > 0 && !invoiceIds.has(allocation.orderId));
    if (unsent.length > 0) {
      return {
        status: 'WAITING',
        message: `Waiting for ${unsent.map((a) => formatInvoiceNumber(a.invoiceNumber)).join(', ')} to be sent.`,
      };
    }
    const save = async (part: string, id: string | null) => {
      if (id === null) delete parts[part];
      else parts[part] = id;
      await saveExternalPart(db, { recordId: record.id, part, id });
    };
    if (isCredit) return applyCredit(run, { payment, wanted, invoiceIds, parts, save });

    for (const allocation of wanted) {
      const part = `order:${allocation.orderId}`;
      const [madeId, madeCents] = (parts[part] ?? '').split('@');
      if (madeId && Number(madeCents) === allocation.cents) continue;
      if (madeId) {
        await run.client.deletePayment(
          { ...run.call, idempotencyKey: run.keyOf(`delete:${madeId}`) },
          madeId,
        );
        await save(part, null);
      }
      if (allocation.cents === 0) continue;
      const made = await run.client.createPayment(
        { ...run.call, idempotencyKey: run.keyOf(part) },
        {
          invoiceId: invoiceIds.get(allocation.orderId)!,
          accountCode: accountCode!,
          amountCents: allocation.cents,
          paidOn: payment.paidOn,
          reference: payment.reference ?? `Payment #${payment.number}`,
        },
      );
      await save(part, `${made.id}@${allocation.cents}`);
    }
    if (payment.surchargeCents > 0 && counts) {
      const contactId = await contactOf(run, payment.customerAccountId);
      if (!parts['surcharge-invoice']) {
        const made = await run.client.createInvoice(
          { ...run.call, idempotencyKey: run.keyOf('surcharge-invoice') },
          surchargeInvoiceOf({ payment, contactId, mapping, provider: run.provider }),
        );
        await save('surcharge-invoice', made.id);
      }
      if (!parts['surcharge-payment']) {
        const made = await run.client.createPayment(
          { ...run.call, idempotencyKey: run.keyOf('surcharge-payment') },
          {
            invoiceId: parts['surcharge-invoice']!,
            accountCode: accountCode!,
            amountCents: payment.surchargeCents,
            paidOn: payment.paidOn,
            reference: `Card surcharge on payment #${payment.number}`,
          },
        );
        await save('surcharge-payment', made.id);
      }
    }
    return { status: 'SYNCED', externalId: null };
  }

  /** A credit applied to invoices: its credit note, once in the books, allocated to each of them. */
  async function applyCredit(
    run: Run,
    options: {
      payment: SyncPayment;
      wanted: (SyncPayment['allocations'][number] & { cents: number })[];
      invoiceIds: Map<string, string>;
      parts: Record<string, string>;
      save: (part: string, id: string | null) => Promise<void>;
    },
  ): Promise<SyncOutcome> {
    const { payment, parts } = options;
    if (!payment.creditId) return { status: 'SKIPPED', message: 'The credit applied is not known.' };
    const notes = await dependencies(run, 'CREDIT_NOTE', [payment.creditId]);
    const noteId = notes.get(payment.creditId);
    if (!noteId) {
      const credit = await findSyncCredit(db, {
        merchantId: run.record.merchantId,
        creditId: payment.creditId,
      });
      if (credit?.source === 'OVERPAYMENT') {
        return {
          status: 'SKIPPED',
          message: 'Applied from an overpayment, which is not a credit note in the books.',
        };
      }
      return { status: 'WAITING', message: `Waiting for ${payment.reference ?? 'the credit'} to be sent.` };
    }
    for (const allocation of options.wanted) {
      const part = `allocation:${allocation.orderId}`;
      const madeCents = parts[part] ? Number(parts[part]) : 0;
      if (madeCents === allocation.cents) continue;
      if (madeCents > allocation.cents) {
        return {
          status: 'FAILED',
          message: `Less of the credit is now applied to ${formatInvoiceNumber(allocation.invoiceNumber)}: change its allocation in ${ACCOUNTING_PROVIDER_NAMES[run.provider]}.`,
        };
      }
      await run.client.allocateCreditNote(
        { ...run.call, idempotencyKey: run.keyOf(part) },
        {
          creditNoteId: noteId,
          invoiceId: options.invoiceIds.get(allocation.orderId)!,
          amountCents: allocation.cents - madeCents,
          on: payment.paidOn,
        },
      );
      await options.save(part, String(allocation.cents));
    }
    return { status: 'SYNCED', externalId: null };
  }

  async function sendCreditNote(run: Run): Promise<SyncOutcome> {
    const { record } = run;
    const credit = await findSyncCredit(db, { merchantId: record.merchantId, creditId: record.sourceId });
    if (!credit) return { status: 'SKIPPED', message: 'The credit no longer exists.' };
    if (credit.source === 'OVERPAYMENT') {
      return {
        status: 'SKIPPED',
        message: 'An overpayment is money received, not a credit note: it stays with its payment.',
      };
    }
    if (credit.voidedAt) {
      if (!record.externalId) return { status: 'SKIPPED', message: 'Voided before it was sent.' };
      await run.client.voidCreditNote({ ...run.call, idempotencyKey: run.keyOf('void') }, record.externalId);
      return { status: 'SYNCED', externalId: record.externalId };
    }
    if (record.externalId) return { status: 'SYNCED', externalId: record.externalId };
    const [itemCodes, taxRates] = await Promise.all([
      itemCodesFor({
        db,
        merchantId: record.merchantId,
        provider: run.provider,
        productIds: credit.lines.flatMap((line) => (line.productId ? [line.productId] : [])),
      }),
      listLinkedTaxRates(db, { merchantId: record.merchantId, provider: run.provider }),
    ]);
    const made = await run.client.createCreditNote(
      { ...run.call, idempotencyKey: run.keyOf('credit-note') },
      creditNoteOf({
        credit,
        contactId: await contactOf(run, credit.customerAccountId),
        mapping: run.mapping,
        itemCodes,
        ruleTaxIds: new Map(taxRates.map((rate) => [rate.rateBasisPoints, rate.taxId])),
        provider: run.provider,
      }),
    );
    return { status: 'SYNCED', externalId: made.id };
  }

  /** Queues the payments that waited for this invoice or credit note. */
  async function releaseWaiting(record: SyncRecordRow & { kind: 'INVOICE' | 'CREDIT_NOTE' }) {
    const waiting = await listWaitingOn(db, {
      merchantId: record.merchantId,
      provider: record.provider,
      kind: record.kind,
      sourceId: record.sourceId,
    });
    if (waiting.length === 0) return;
    await db.transaction(async (tx: Db) => {
      for (const id of waiting) await sendSyncJob(tx, deps.jobs, id);
    });
  }

  async function deferFor(record: SyncRecordRow, seconds: number, message: string) {
    await noteSyncAttempt(db, { recordId: record.id, message, now: deps.now(), isCounted: false });
    await db.transaction((tx: Db) => sendSyncJob(tx, deps.jobs, record.id, { startAfterSeconds: seconds }));
  }

  return {
    /**
     * Sends the record's current revision. Throws to have the job retried with backoff (the
     * provider did not answer; another worker holds the record); a refusal, or a setting the
     * merchant must make, leaves it FAILED for "Retry" instead.
     */
    async run(recordId: string): Promise<SyncRunResult> {
      const { record, isHeld } = await claimSyncRecord(db, { recordId, now: deps.now(), leaseMs: LEASE_MS });
      if (!record) {
        if (isHeld) throw new SyncRecordBusyError();
        return 'nothing-to-do';
      }
      const provider = record.provider;
      const name = ACCOUNTING_PROVIDER_NAMES[provider];
      const finish = (outcome: SyncOutcome) =>
        finishSyncRecord(db, { recordId, revision: record.revision, outcome, now: deps.now() });
      const client = deps.accounting[provider];
      const connection = await findConnection(db, record.merchantId, provider);
      if (!client || connection?.status !== 'CONNECTED') {
        await finish({ status: 'FAILED', message: `${name} is not connected: connect it, then retry.` });
        return 'sent';
      }
      if (!isMappingComplete(connection.mapping)) {
        await finish({
          status: 'FAILED',
          message: 'Choose the sales account and the GST and GST-free tax rates in the settings, then retry.',
        });
        return 'sent';
      }
      try {
        const { token, tenantId } = await connections.accessToken(record.merchantId, provider);
        const run: Run = {
          record,
          provider,
          client: metered(client, tenantId),
          call: { accessToken: token, tenantId },
          mapping: connection.mapping,
          keyOf: (part) => `${record.id}:${record.revision}:${part}`,
        };
        const send = { INVOICE: sendInvoice, PAYMENT: sendPayment, CREDIT_NOTE: sendCreditNote }[record.kind];
        const outcome = await send(run);
        await finish(outcome);
        if (record.kind !== 'PAYMENT' && outcome.status === 'SYNCED') {
          await releaseWaiting({ ...record, kind: record.kind });
        }
        return 'sent';
      } catch (error) {
        if (error instanceof SyncNotReadyError) {
          await finish({ status: 'FAILED', message: error.message });
          return 'sent';
        }
        if (error instanceof ProviderRateLimitedError) {
          const seconds = error.retryAfterSeconds;
          await deferFor(record, seconds, `Waiting ${seconds} s for ${name}'s per-minute call limit.`);
          return 'deferred';
        }
        if (error instanceof ProviderRefusedError) {
          if (error.isGrantInvalid) {
            // The books refuse our tokens (consent withdrawn there): the settings ask to reconnect.
            await saveConnection(db, {
              merchantId: record.merchantId,
              provider,
              now: deps.now(),
              change: { status: 'NEEDS_RECONNECT' },
            });
          }
          const message = error.isGrantInvalid
            ? `${name} no longer accepts the connection: connect again, then retry.`
            : `${name} refused it: ${error.message}`;
          await finish({ status: 'FAILED', message });
          return 'sent';
        }
        const message = error instanceof Error ? error.message : String(error);
        const attempts = await noteSyncAttempt(db, { recordId, message, now: deps.now(), isCounted: true });
        if (attempts >= MAX_SYNC_ATTEMPTS) {
          await finish({ status: 'FAILED', message: `${message} (gave up after ${attempts} attempts)` });
          return 'sent';
        }
        throw error;
      }
    },
  };
}
