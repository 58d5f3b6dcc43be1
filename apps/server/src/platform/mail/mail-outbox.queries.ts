import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/platform.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Keeps a mail to send; answers its id, which the delivery job names. With an id of its own (a
 * mail sent once per key), undefined when a mail with that id is kept already.
 */
export async function insertOutboxMail(
  tx: Db,
  values: Pick<
    typeof mailOutbox.$inferInsert,
    'id' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attachments'
  >,
): Promise<string | undefined> {
  const [row] = await tx
    .insert(mailOutbox)
    .values(values)
    .onConflictDoNothing({ target: mailOutbox.id })
    .returning({ id: mailOutbox.id });
  return row?.id;
}

export async function findOutboxMail(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return mail;
}

export async function recordFailedDelivery(db: Db, options: { id: string; error: string }) {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: options.error })
    .where(eq(mailOutbox.id, options.id));
}

/** Sent by the database's clock; last_error stays, telling why earlier attempts failed. */
export async function markMailSent(db: Db, id: string) {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()` })
    .where(eq(mailOutbox.id, id));
}
