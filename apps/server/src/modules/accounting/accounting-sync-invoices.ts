import { ACCOUNTING_PROVIDER_NAMES, formatDollars, formatInvoiceNumber } from '@tradeport/contract';
import { itemCodesFor } from './accounting-links.service.ts';
import { creditNoteOf, invoiceOf } from './accounting-sync-documents.ts';
import { contactOf, type Run, type SyncDeps } from './accounting-sync-run.ts';
import { findSyncCredit, findSyncOrder, listLinkedTaxRates } from './accounting-sync-sources.queries.ts';
import type { SyncOutcome } from './accounting-sync.queries.ts';

// Sending an order's invoice and a credit's credit note: made, updated as the order changes,
// voided with the order or the credit.

type Deps = Pick<SyncDeps, 'database' | 'now'>;

/** The books' tax rates for the merchant's linked tax rules, by the rule's rate. */
async function ruleTaxIdsOf(deps: Deps, run: Run) {
  const rates = await listLinkedTaxRates(deps.database.db, {
    merchantId: run.record.merchantId,
    provider: run.provider,
  });
  return new Map(rates.map((rate) => [rate.rateBasisPoints, rate.taxId]));
}

export async function sendInvoice(deps: Deps, run: Run): Promise<SyncOutcome> {
  const { db } = deps.database;
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
  const [itemCodes, ruleTaxIds] = await Promise.all([
    itemCodesFor({
      db,
      merchantId: record.merchantId,
      provider: run.provider,
      productIds: order.lines.map((line) => line.productId),
    }),
    ruleTaxIdsOf(deps, run),
  ]);
  const invoice = invoiceOf({
    order,
    contactId: await contactOf(deps, run, order.customerAccountId),
    mapping,
    itemCodes,
    ruleTaxIds,
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

export async function sendCreditNote(deps: Deps, run: Run): Promise<SyncOutcome> {
  const { db } = deps.database;
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
  const [itemCodes, ruleTaxIds] = await Promise.all([
    itemCodesFor({
      db,
      merchantId: record.merchantId,
      provider: run.provider,
      productIds: credit.lines.flatMap((line) => (line.productId ? [line.productId] : [])),
    }),
    ruleTaxIdsOf(deps, run),
  ]);
  const made = await run.client.createCreditNote(
    { ...run.call, idempotencyKey: run.keyOf('credit-note') },
    creditNoteOf({
      credit,
      contactId: await contactOf(deps, run, credit.customerAccountId),
      mapping: run.mapping,
      itemCodes,
      ruleTaxIds,
      provider: run.provider,
    }),
  );
  return { status: 'SYNCED', externalId: made.id };
}
