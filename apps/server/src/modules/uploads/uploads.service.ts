import { MAX_IMAGE_BYTES, type ImageType } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { newImageKey } from '../../platform/storage/image-keys.ts';
import type { ImageStorage } from '../../platform/storage/image-storage.ts';
import { contentTypeForImageType, isImageContentType } from '../../platform/storage/image-types.ts';
import { insertUpload, listRecentUploads, setUploadStored } from './uploads.queries.ts';

const UPLOAD_WINDOW_MS = 15 * 60_000;
// An image chosen on a form is saved within the day; older unsaved uploads are not offered.
const USABLE_FOR_MS = 24 * 60 * 60_000;
const UPLOADS_PER_HOUR = { name: 'image-uploads', limit: 60, windowMs: 60 * 60_000 };

export async function presignImageUpload(options: {
  db: Db;
  storage: ImageStorage;
  userId: string;
  type: ImageType;
  now: Date;
}) {
  await consumeRateLimit({
    db: options.db,
    rule: UPLOADS_PER_HOUR,
    subject: options.userId,
    now: options.now,
  });
  const contentType = contentTypeForImageType(options.type);
  const key = newImageKey({ ownerId: options.userId, contentType });
  const expiresAt = new Date(options.now.getTime() + UPLOAD_WINDOW_MS);
  const presigned = await options.storage.presignUpload({
    key,
    contentType,
    maxBytes: MAX_IMAGE_BYTES,
    expiresAt,
  });
  await insertUpload(options.db, {
    userId: options.userId,
    storageKey: key,
    contentType,
    maxBytes: MAX_IMAGE_BYTES,
    expiresAt,
  });
  return {
    upload_url: presigned.url,
    method: 'PUT' as const,
    headers: presigned.headers,
    public_url: options.storage.publicUrl(key),
    max_bytes: MAX_IMAGE_BYTES,
    expires_at: expiresAt.toISOString(),
  };
}

/** The store has the bytes, checked: the upload can now be saved on a form. */
export function markUploadStored(db: Db, options: { key: string; sizeBytes: number }) {
  return setUploadStored(db, options);
}

/**
 * The image URL a form wants to save: unchanged, removed, or one of this person's recent uploads
 * whose bytes have arrived and passed the checks (confirmed now if the store could not check at
 * upload time, as with S3). Anything else is refused, so no one can point a logo at any URL.
 */
export async function resolveImageUrl(options: {
  db: Db;
  storage: ImageStorage;
  userId: string;
  url: string | null;
  currentUrl: string | null;
  field: string;
  now: Date;
}): Promise<string | null> {
  if (options.url === null || options.url === options.currentUrl) return options.url;
  const recent = await listRecentUploads(options.db, {
    userId: options.userId,
    since: new Date(options.now.getTime() - USABLE_FOR_MS),
  });
  const upload = recent.find((row) => options.storage.publicUrl(row.storageKey) === options.url);
  if (!upload || !isImageContentType(upload.contentType)) {
    throw new AppError('VALIDATION_ERROR', 'Upload the image first, then save.', [
      { path: options.field, message: 'Upload the image first, then save.' },
    ]);
  }
  if (upload.status === 'PENDING') {
    const { sizeBytes } = await options.storage
      .confirmUpload({ key: upload.storageKey, contentType: upload.contentType, maxBytes: upload.maxBytes })
      .catch((error: unknown) => {
        // The store says what is wrong with the file; the form shows it on the image field.
        if (error instanceof AppError && error.code === 'VALIDATION_ERROR') {
          throw new AppError('VALIDATION_ERROR', error.message, [
            { path: options.field, message: error.message },
          ]);
        }
        throw error;
      });
    await markUploadStored(options.db, { key: upload.storageKey, sizeBytes });
  }
  return options.url;
}
