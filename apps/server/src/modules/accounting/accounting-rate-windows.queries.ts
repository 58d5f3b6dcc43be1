import type { AccountingProvider } from '@tradeport/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { accountingRateWindows } from '../../platform/db/schema/index.ts';

// The providers' per-minute call limits, counted in PostgreSQL so every process shares them.

/**
 * Counts `calls` against the provider's per-minute limit for these books, in the window of the
 * minute `now` falls in: true when they fit (and are counted), false when the minute is full.
 */
export async function takeProviderCalls(
  db: Db,
  options: { provider: AccountingProvider; tenantId: string; calls: number; limit: number; now: Date },
): Promise<boolean> {
  const minute = new Date(Math.floor(options.now.getTime() / 60_000) * 60_000);
  const rows = await db
    .insert(accountingRateWindows)
    .values({
      provider: options.provider,
      tenantId: options.tenantId,
      windowStart: minute,
      calls: options.calls,
    })
    .onConflictDoUpdate({
      target: [accountingRateWindows.provider, accountingRateWindows.tenantId],
      set: {
        calls: sql`case when ${accountingRateWindows.windowStart} = excluded.window_start then ${accountingRateWindows.calls} + excluded.calls else excluded.calls end`,
        windowStart: sql`excluded.window_start`,
      },
      setWhere: sql`${accountingRateWindows.windowStart} <> excluded.window_start or ${accountingRateWindows.calls} + excluded.calls <= ${options.limit}`,
    })
    .returning({ calls: accountingRateWindows.calls });
  return rows.length === 1 && options.calls <= options.limit;
}
