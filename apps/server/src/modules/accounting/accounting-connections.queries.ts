import type { AccountingProvider } from '@tradeport/contract';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { accountingConnections, users } from '../../platform/db/schema/index.ts';

export type ConnectionRow = typeof accountingConnections.$inferSelect & { connectedByName: string | null };

const key = (merchantId: string, provider: AccountingProvider) =>
  and(eq(accountingConnections.merchantId, merchantId), eq(accountingConnections.provider, provider));

export async function findConnection(
  db: Db,
  merchantId: string,
  provider: AccountingProvider,
  options: { forUpdate?: boolean } = {},
): Promise<ConnectionRow | undefined> {
  const query = db
    .select({ connection: accountingConnections, connectedByName: users.name })
    .from(accountingConnections)
    .leftJoin(users, eq(users.id, accountingConnections.connectedByUserId))
    .where(key(merchantId, provider));
  const [row] = await (options.forUpdate ? query.for('update', { of: accountingConnections }) : query);
  return row && { ...row.connection, connectedByName: row.connectedByName };
}

export type ConnectionChange = Partial<
  Omit<typeof accountingConnections.$inferInsert, 'merchantId' | 'provider' | 'version' | 'createdAt'>
>;

/**
 * Writes the change and bumps the version; the row is made on the first connect. A refreshed
 * token (`isTokenRefresh`) leaves the version alone: it changes nothing the merchant sees, and a
 * settings form open meanwhile must still save.
 */
export async function saveConnection(
  db: Db,
  options: {
    merchantId: string;
    provider: AccountingProvider;
    change: ConnectionChange;
    now: Date;
    isTokenRefresh?: boolean;
  },
) {
  await db
    .insert(accountingConnections)
    .values({
      merchantId: options.merchantId,
      provider: options.provider,
      ...options.change,
      updatedAt: options.now,
    })
    .onConflictDoUpdate({
      target: [accountingConnections.merchantId, accountingConnections.provider],
      set: {
        ...options.change,
        version: options.isTokenRefresh
          ? sql`${accountingConnections.version}`
          : sql`${accountingConnections.version} + 1`,
        updatedAt: options.now,
      },
    });
}

/** Only from `version`: false when someone else changed it first (the caller answers 409). */
export async function saveConnectionAt(
  db: Db,
  options: {
    merchantId: string;
    provider: AccountingProvider;
    version: number;
    change: ConnectionChange;
    now: Date;
  },
): Promise<boolean> {
  const updated = await db
    .update(accountingConnections)
    .set({ ...options.change, version: sql`${accountingConnections.version} + 1`, updatedAt: options.now })
    .where(and(key(options.merchantId, options.provider), eq(accountingConnections.version, options.version)))
    .returning({ version: accountingConnections.version });
  return updated.length === 1;
}

/**
 * Connections whose access token expired before `before` (nothing has called the books since):
 * their refresh tokens are refreshed before they lapse too. Oldest first, at most `limit`.
 */
export async function listIdleConnections(db: Db, options: { before: Date; limit: number }) {
  return db
    .select({ merchantId: accountingConnections.merchantId, provider: accountingConnections.provider })
    .from(accountingConnections)
    .where(
      and(
        eq(accountingConnections.status, 'CONNECTED'),
        lt(accountingConnections.accessTokenExpiresAt, options.before),
      ),
    )
    .orderBy(asc(accountingConnections.accessTokenExpiresAt))
    .limit(options.limit);
}
