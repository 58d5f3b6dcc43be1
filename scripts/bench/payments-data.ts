import { randomUUID } from 'node:crypto';
import { getJson } from './catalogue-data.ts';
import { type LoadResult, percentile } from './load.ts';
import { call } from './orders-data.ts';

// What the payments bench does besides autocannon's GETs: recording bank transfers against
// unpaid orders chosen up front, and finding and timing a statement of about 1,000 lines.

type Session = { url: string; token: string };

type OutstandingOrder = {
  id: string;
  customer: { organisation_id: string };
  outstanding_cents: number;
};
type OutstandingPage = { items: OutstandingOrder[]; next_cursor: string | null; as_of: string };

/** One customer's unpaid orders, in the order a worker pays them. */
type CustomerOrders = { organisationId: string; orders: { id: string; cents: number }[] };

/** A recording worker's own orders: no two workers ever pay the same order (or customer). */
export type WorkerQueue = CustomerOrders[];

/**
 * Unpaid orders for `workers` workers, up to `perWorker` each, oldest due first from the
 * merchant's outstanding list, leaving out `exceptCustomer`. A customer's orders all go to one
 * worker (the one with fewest so far), so workers never contend for an order. Also answers the
 * merchant's day (the list's `as_of`), which the payments are received on.
 */
export async function pickUnpaidOrders(
  merchant: Session,
  merchantId: string,
  options: { workers: number; perWorker: number; exceptCustomer: string },
): Promise<{ queues: WorkerQueue[]; orders: number; today: string }> {
  const byCustomer = new Map<string, CustomerOrders>();
  let picked = 0;
  let cursor: string | null = null;
  let today = '';
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: OutstandingPage = await getJson(
      merchant,
      `/payments/organisation/${merchantId}/outstanding?limit=100${query}`,
    );
    today = page.as_of;
    for (const order of page.items) {
      const customer = order.customer.organisation_id;
      if (customer === options.exceptCustomer) continue;
      const group = byCustomer.get(customer) ?? { organisationId: customer, orders: [] };
      group.orders.push({ id: order.id, cents: order.outstanding_cents });
      byCustomer.set(customer, group);
      picked++;
    }
    cursor = page.next_cursor;
  } while (cursor && picked < options.workers * options.perWorker);
  const queues: WorkerQueue[] = Array.from({ length: options.workers }, () => []);
  const sizes = queues.map(() => 0);
  for (const group of byCustomer.values()) {
    const worker = sizes.indexOf(Math.min(...sizes));
    queues[worker]!.push(group);
    sizes[worker]! += group.orders.length;
  }
  return { queues, orders: picked, today };
}

/**
 * One worker per queue for `durationSeconds`, each in a loop recording a bank transfer that pays
 * the next one or two (alternately) of a customer's unpaid orders in full, with a fresh
 * Idempotency-Key. A worker whose queue runs dry stops and is counted in `ranOut` (the figures
 * would otherwise be of fewer connections than they claim).
 */
export async function measureRecording(options: {
  label: string;
  merchant: Session;
  merchantId: string;
  queues: WorkerQueue[];
  paidOn: string;
  durationSeconds: number;
}): Promise<LoadResult & { ranOut: number; payments: number }> {
  const { merchant, merchantId } = options;
  const latencies: number[] = [];
  let errors = 0;
  let ranOut = 0;
  let firstError: string | undefined;
  const startedAt = performance.now();
  const deadline = startedAt + options.durationSeconds * 1000;
  await Promise.all(
    options.queues.map(async (queue, worker) => {
      let count = worker % 2;
      while (performance.now() < deadline) {
        const customer = queue[0];
        if (!customer) {
          ranOut++;
          return;
        }
        const orders = customer.orders.splice(0, 1 + (count++ % 2));
        if (customer.orders.length === 0) queue.shift();
        const amount = orders.reduce((sum, order) => sum + order.cents, 0);
        try {
          const sentAt = performance.now();
          await call(merchant, 'POST', `/payments/organisation/${merchantId}`, {
            body: {
              customer_organisation_id: customer.organisationId,
              method: 'BANK_TRANSFER',
              amount_cents: amount,
              paid_on: options.paidOn,
              reference: `BENCH EFT ${worker}-${count}`,
              allocations: orders.map((order) => ({ order_id: order.id, amount_cents: order.cents })),
            },
            headers: { 'idempotency-key': randomUUID() },
            expect: 201,
          });
          latencies.push(performance.now() - sentAt);
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  if (firstError) console.log(`  recording: ${errors} failed, the first: ${firstError}`);
  if (ranOut > 0) console.log(`  recording: ${ranOut} workers ran out of unpaid orders before the end`);
  latencies.sort((a, b) => a - b);
  return {
    label: options.label,
    requestsPerSecond: latencies.length / ((performance.now() - startedAt) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p975: percentile(latencies, 97.5),
    errors,
    ranOut,
    payments: latencies.length,
  };
}

/** A list's items newest first, a page of 100 at a time, as days of the merchant's calendar. */
async function* daysOf<T>(session: Session, listPath: string, dayOf: (item: T) => string | undefined) {
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: { items: T[]; next_cursor: string | null } = await getJson(session, `${listPath}${query}`);
    for (const item of page.items) {
      const day = dayOf(item);
      if (day) yield day;
    }
    cursor = page.next_cursor;
  } while (cursor);
}

/**
 * The shortest period ending `today` whose statement of the customer has at least `lines` lines:
 * its invoices (orders not cancelled, by the day placed) and payments of money (counted, not
 * Account Credit, by the day paid), counted from the two lists newest first. The large data set
 * has no refunds or issued credits, the statement's other lines. All of history when it has fewer.
 */
export async function statementPeriod(
  merchant: Session,
  options: {
    merchantId: string;
    customerOrganisationId: string;
    today: string;
    timeZone: string;
    lines: number;
  },
): Promise<{ from: string; to: string; invoices: number; payments: number }> {
  const zoneDay = new Intl.DateTimeFormat('en-CA', { timeZone: options.timeZone });
  const scope = `customer_organisation_id=${options.customerOrganisationId}&limit=100`;
  const invoices = daysOf<{ placed_at: string; status: string }>(
    merchant,
    `/orders/organisation/${options.merchantId}?${scope}`,
    (order) => (order.status === 'CANCELLED' ? undefined : zoneDay.format(new Date(order.placed_at))),
  );
  const paid = daysOf<{ paid_on: string; method: string; state: string }>(
    merchant,
    `/payments/organisation/${options.merchantId}?${scope}`,
    (payment) =>
      payment.method !== 'ACCOUNT_CREDIT' && ['SUCCESSFUL', 'REFUNDED'].includes(payment.state)
        ? payment.paid_on
        : undefined,
  );
  // Merge the two newest-first streams of days until `lines` are counted, then take the rest of
  // that last day too (a statement covers whole days).
  let invoice = await invoices.next();
  let payment = await paid.next();
  const counts = { invoices: 0, payments: 0 };
  let from = options.today;
  while (!invoice.done || !payment.done) {
    const takeInvoice = payment.done || (!invoice.done && invoice.value >= payment.value);
    const day = takeInvoice ? invoice.value! : payment.value!;
    if (counts.invoices + counts.payments >= options.lines && day < from) break;
    from = day;
    if (takeInvoice) {
      counts.invoices++;
      invoice = await invoices.next();
    } else {
      counts.payments++;
      payment = await paid.next();
    }
  }
  await invoices.return(undefined);
  await paid.return(undefined);
  return { from, to: options.today, ...counts };
}

/** The customer's statement PDF for the period: seconds to its last byte, and its size. */
export async function timeStatement(
  merchant: Session,
  options: { merchantId: string; customerOrganisationId: string; from: string; to: string },
) {
  const startedAt = performance.now();
  const response = await fetch(
    `${merchant.url}/api/v1/payments/organisation/${options.merchantId}/customers/${options.customerOrganisationId}/statement?from=${options.from}&to=${options.to}`,
    { headers: { authorization: `Bearer ${merchant.token}` } },
  );
  const bytes = (await response.arrayBuffer()).byteLength;
  const seconds = (performance.now() - startedAt) / 1000;
  const isPdf = response.ok && response.headers.get('content-type')?.startsWith('application/pdf') === true;
  return { seconds, bytes, isOk: isPdf, status: response.status };
}
