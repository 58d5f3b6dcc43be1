import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';

/**
 * One thing someone did that a merchant or an operator may need to find later (who viewed the
 * portal as a customer, and when). Written in the transaction of what it records, when there is one.
 */
export async function recordAuditEvent(
  db: Db,
  event: { organisationId: string; userId: string; action: string; details?: Record<string, unknown> },
) {
  await db.insert(auditEvents).values({ ...event, details: event.details ?? {} });
}

/** An organisation's latest audit events of one action, newest first (tests and support). */
export function listAuditEvents(db: Db, options: { organisationId: string; action: string; limit: number }) {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.organisationId, options.organisationId), eq(auditEvents.action, options.action)),
    )
    .orderBy(desc(auditEvents.at))
    .limit(options.limit);
}
