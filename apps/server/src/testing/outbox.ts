import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { mailOutbox } from '../platform/db/schema/index.ts';

/** The newest email queued to `to` (as the product stored it), optionally the one matching `subject`. */
export async function latestMailTo(db: Db, options: { to: string; subject?: RegExp }) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, options.to)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(20);
  return rows.find((row) => !options.subject || options.subject.test(row.subject));
}

/** The first link in a mail's text that points at `path`. */
export function linkIn(text: string, path: string): URL {
  const match = text.match(new RegExp(`https?://[^\\s)]+${path.replace(/[/]/g, '\\/')}[^\\s)]*`));
  if (!match) throw new Error(`no link to ${path} in:\n${text}`);
  return new URL(match[0]);
}
