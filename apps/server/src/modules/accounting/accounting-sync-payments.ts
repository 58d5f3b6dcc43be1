import { ACCOUNTING_PROVIDER_NAMES, formatInvoiceNumber } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { surchargeInvoiceOf } from './accounting-sync-documents.ts';
import { contactOf, type Run, type SyncDeps } from './accounting-sync-run.ts';
import { findSyncCredit, findSyncPayment, type SyncPayment } from './accounting-sync-sources.queries.ts';
import { findSyncRecords, saveExternalPart, type SyncOutcome } from './accounting-sync.queries.ts';
import { queueAccountingSync } from './accounting-sync.queue.ts';

// Sending a payment: per order it pays, what it still pays of it, after that order's invoice; a
// card surcharge as its own invoice; an applied credit as its credit note's allocations.

export function createPaymentSender(deps: SyncDeps) {
  const { db } = deps.database;

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
      await db.transaction((tx: Db) =>
        queueAccountingSync(tx, {
          jobs: deps.jobs,
          merchantId: run.record.merchantId,
          kind,
          sourceIds: missing,
        }),
      );
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
      const contactId = await contactOf(deps, run, payment.customerAccountId);
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

  return { sendPayment };
}
