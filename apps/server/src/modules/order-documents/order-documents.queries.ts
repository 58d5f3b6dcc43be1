import type { UserLevel } from '@tradeport/contract';
import { and, asc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  customerAccounts,
  memberships,
  orderLines,
  orders,
  organisations,
  users,
} from '../../platform/db/schema/index.ts';

/** Whose orders a document request may reach: a merchant's, or a customer organisation's own. */
export type OrderScope = { merchantId: string } | { customerOrganisationId: string };

const inScope = (scope: OrderScope): SQL =>
  'merchantId' in scope
    ? eq(orders.merchantId, scope.merchantId)
    : sql`${orders.customerAccountId} in (
        select ${customerAccounts.id} from ${customerAccounts}
        where ${customerAccounts.customerOrganisationId} = ${scope.customerOrganisationId}
      )`;

/** How many of `ids` are orders within `scope` (ids are distinct). */
export async function countOrdersInScope(db: Db, options: { scope: OrderScope; ids: string[] }) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(inArray(orders.id, options.ids), inScope(options.scope)));
  return row?.count ?? 0;
}

const documentColumns = {
  id: orders.id,
  merchantId: orders.merchantId,
  customerAccountId: orders.customerAccountId,
  number: orders.number,
  invoiceNumber: orders.invoiceNumber,
  status: orders.status,
  customerName: orders.customerName,
  customerAbn: orders.customerAbn,
  deliveryAddress: orders.deliveryAddress,
  shippingMethodName: orders.shippingMethodName,
  shippingMethodKind: orders.shippingMethodKind,
  deliveryDate: orders.deliveryDate,
  notes: orders.notes,
  purchaseOrderNumber: orders.purchaseOrderNumber,
  paymentTermsDays: orders.paymentTermsDays,
  dueDate: orders.dueDate,
  isTaxExempt: orders.isTaxExempt,
  subtotalCents: orders.subtotalCents,
  deliveryFeeCents: orders.deliveryFeeCents,
  gstCents: orders.gstCents,
  totalCents: orders.totalCents,
  placedAt: orders.placedAt,
  confirmationQueuedAt: orders.confirmationQueuedAt,
  merchant: {
    title: organisations.title,
    abn: organisations.abn,
    contactEmail: organisations.contactEmail,
    phone: organisations.phone,
    addressLine1: organisations.addressLine1,
    addressLine2: organisations.addressLine2,
    suburb: organisations.suburb,
    state: organisations.state,
    postcode: organisations.postcode,
    timeZone: organisations.timeZone,
    bankAccountName: organisations.bankAccountName,
    bankBsb: organisations.bankBsb,
    bankAccountNumber: organisations.bankAccountNumber,
  },
};

export type DocumentOrderRow = Awaited<ReturnType<typeof listDocumentOrders>>[number];
export type DocumentLineRow = Awaited<ReturnType<typeof listDocumentLines>>[number];

/**
 * One batch of the chosen orders with their merchant's details, oldest placed first, after the
 * keyset `after` (the last row of the previous batch).
 */
export async function listDocumentOrders(
  db: Db,
  options: { scope: OrderScope; ids: string[]; after?: { placedAt: Date; id: string }; limit: number },
) {
  const { after } = options;
  return db
    .select(documentColumns)
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.merchantId))
    .where(
      and(
        inArray(orders.id, options.ids),
        inScope(options.scope),
        after
          ? or(
              gt(orders.placedAt, after.placedAt),
              and(eq(orders.placedAt, after.placedAt), gt(orders.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(orders.placedAt), asc(orders.id))
    .limit(options.limit);
}

/** The lines of a batch of orders, each order's in its own order (position). */
export async function listDocumentLines(db: Db, options: { orderIds: string[] }) {
  if (options.orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderLines.orderId,
      name: orderLines.name,
      sku: orderLines.sku,
      unitName: orderLines.unitName,
      unitAbbreviation: orderLines.unitAbbreviation,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      gstRateBasisPoints: orderLines.gstRateBasisPoints,
      subtotalCents: orderLines.subtotalCents,
      gstCents: orderLines.gstCents,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, options.orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
}

/** One order as its documents show it, with the customer organisation it belongs to. */
export async function findDocumentOrder(db: Db, orderId: string) {
  const [row] = await db
    .select({ ...documentColumns, customerOrganisationId: customerAccounts.customerOrganisationId })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.merchantId))
    .innerJoin(customerAccounts, eq(customerAccounts.id, orders.customerAccountId))
    .where(eq(orders.id, orderId));
  return row;
}

/**
 * Where an organisation's mail goes: its active members who accepted their invitation and proved
 * they receive mail at that address (its Admins only, with `level`).
 */
export async function listActiveMemberEmails(
  db: Db,
  organisationId: string,
  options: { level?: UserLevel } = {},
): Promise<string[]> {
  return (await listActiveMemberEmailsOf(db, [organisationId], options)).get(organisationId) ?? [];
}

/** listActiveMemberEmails for several organisations in one query: each one's addresses, in order. */
export async function listActiveMemberEmailsOf(
  db: Db,
  organisationIds: string[],
  options: { level?: UserLevel } = {},
): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ organisationId: memberships.organisationId, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inArray(memberships.organisationId, organisationIds),
        eq(memberships.active, true),
        eq(memberships.invitationAccepted, true),
        isNotNull(users.emailVerifiedAt),
        options.level ? eq(memberships.level, options.level) : undefined,
      ),
    )
    .orderBy(asc(users.email));
  const byOrganisation = new Map<string, string[]>();
  for (const row of rows) {
    const emails = byOrganisation.get(row.organisationId) ?? [];
    emails.push(row.email);
    byOrganisation.set(row.organisationId, emails);
  }
  return byOrganisation;
}

/**
 * Claims the order's confirmation in the caller's transaction: true for the first run, false once
 * it was queued. The row lock this takes makes a concurrent second run wait, then see it claimed.
 */
export async function claimConfirmation(tx: Db, options: { orderId: string; at: Date }): Promise<boolean> {
  const claimed = await tx
    .update(orders)
    .set({ confirmationQueuedAt: options.at })
    .where(and(eq(orders.id, options.orderId), isNull(orders.confirmationQueuedAt)))
    .returning({ id: orders.id });
  return claimed.length > 0;
}
