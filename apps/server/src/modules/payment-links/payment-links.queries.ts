import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../../platform/db/keyset-cursor.ts';
import { AppError } from '../../platform/errors.ts';
import { customerAccounts, orders, organisations, paymentLinks } from '../../platform/db/schema/index.ts';

// Payment links. Merchant-side reads and writes name the merchant, so another merchant's link is
// simply not found; the public page finds a link only by its token's hash.

const linkColumns = {
  id: paymentLinks.id,
  merchantId: paymentLinks.merchantId,
  customerAccountId: paymentLinks.customerAccountId,
  customerName: organisations.title,
  orderId: paymentLinks.orderId,
  orderNumber: orders.number,
  createdAt: paymentLinks.createdAt,
  expiresAt: paymentLinks.expiresAt,
  revokedAt: paymentLinks.revokedAt,
};

export type PaymentLinkRow = {
  id: string;
  merchantId: string;
  customerAccountId: string;
  customerName: string;
  orderId: string | null;
  orderNumber: number | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

function selectLinks(db: Db) {
  return db
    .select(linkColumns)
    .from(paymentLinks)
    .innerJoin(
      customerAccounts,
      and(
        eq(customerAccounts.id, paymentLinks.customerAccountId),
        eq(customerAccounts.merchantId, paymentLinks.merchantId),
      ),
    )
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .leftJoin(
      orders,
      and(eq(orders.id, paymentLinks.orderId), eq(orders.merchantId, paymentLinks.merchantId)),
    );
}

/** The merchant's (not archived) customer account, and the order of it a link would pay, if named. */
export async function findLinkTarget(
  db: Db,
  options: { merchantId: string; customerAccountId: string; orderId: string | null },
) {
  const [account] = await db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.id, options.customerAccountId),
        eq(customerAccounts.merchantId, options.merchantId),
        isNull(customerAccounts.archivedAt),
      ),
    );
  if (!account || !options.orderId) return { hasAccount: Boolean(account), hasOrder: false };
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, options.orderId),
        eq(orders.merchantId, options.merchantId),
        eq(orders.customerAccountId, options.customerAccountId),
        ne(orders.status, 'CANCELLED'),
      ),
    );
  return { hasAccount: true, hasOrder: Boolean(order) };
}

export async function insertPaymentLink(
  db: Db,
  values: {
    merchantId: string;
    customerAccountId: string;
    orderId: string | null;
    tokenHash: string;
    expiresAt: Date;
    createdByUserId: string;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(paymentLinks).values(values).returning({ id: paymentLinks.id });
  return row!.id;
}

export async function findMerchantLink(db: Db, options: { merchantId: string; linkId: string }) {
  const [row] = await selectLinks(db).where(
    and(eq(paymentLinks.id, options.linkId), eq(paymentLinks.merchantId, options.merchantId)),
  );
  return row;
}

/** The link a token opens (by its hash), whatever its state: the caller tells gone from unknown. */
export async function findLinkByTokenHash(db: Db, tokenHash: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await selectLinks(db).where(eq(paymentLinks.tokenHash, tokenHash));
  return row;
}

/** Revokes the link unless it already is (its first revocation time stands). */
export async function revokeLink(db: Db, options: { merchantId: string; linkId: string; at: Date }) {
  await db
    .update(paymentLinks)
    .set({ revokedAt: options.at })
    .where(
      and(
        eq(paymentLinks.id, options.linkId),
        eq(paymentLinks.merchantId, options.merchantId),
        isNull(paymentLinks.revokedAt),
      ),
    );
}

/** A customer's links, newest first, on its index; `cursor` is the last row's (created_at, id). */
export async function listCustomerLinks(
  db: Db,
  options: { merchantId: string; customerAccountId: string; limit: number; cursor?: string },
) {
  const after = options.cursor ? decodeCursor(options.cursor, { at: 'text', id: 'uuid' }) : undefined;
  if (after && Number.isNaN(Date.parse(after.at))) {
    throw new AppError('VALIDATION_ERROR', 'The page cursor is not valid; start from the first page.', [
      { path: 'querystring.cursor', message: 'Not a valid cursor' },
    ]);
  }
  const rows = await selectLinks(db)
    .where(
      and(
        eq(paymentLinks.merchantId, options.merchantId),
        eq(paymentLinks.customerAccountId, options.customerAccountId),
        after
          ? sql`(${paymentLinks.createdAt}, ${paymentLinks.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > options.limit && last
        ? encodeCursor({ at: last.createdAt.toISOString(), id: last.id })
        : null,
  };
}
