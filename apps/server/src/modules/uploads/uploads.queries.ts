import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { uploads } from '../../platform/db/schema/index.ts';

export async function insertUpload(
  db: Db,
  options: { userId: string; storageKey: string; contentType: string; maxBytes: number; expiresAt: Date },
) {
  await db.insert(uploads).values(options);
}

export async function setUploadStored(db: Db, options: { key: string; sizeBytes: number }) {
  await db
    .update(uploads)
    .set({ status: 'STORED', sizeBytes: options.sizeBytes })
    .where(eq(uploads.storageKey, options.key));
}

/** The person's uploads since `since`, newest first; a form offers no more than a hundred. */
export function listRecentUploads(db: Db, options: { userId: string; since: Date }) {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, options.userId), gt(uploads.createdAt, options.since)))
    .orderBy(desc(uploads.createdAt))
    .limit(100);
}
