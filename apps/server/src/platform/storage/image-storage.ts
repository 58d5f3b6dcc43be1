import { AppError } from '../errors.ts';
import { parseImageKey } from './image-keys.ts';
import { formatBytes, type ImageContentType } from './image-types.ts';

export type PresignUploadOptions = {
  /** Made by `newImageKey`; its extension must match `contentType`. */
  key: string;
  contentType: ImageContentType;
  maxBytes: number;
  expiresAt: Date;
  /**
   * The exact size the browser said it will send, when the caller knows it. S3 then signs it as
   * Content-Length, so a PUT of any other size is refused at upload time rather than at confirm.
   */
  sizeBytes?: number;
};

export type PresignedUpload = {
  url: string;
  /** Headers the browser must send with its PUT; the signature covers them. */
  headers: Record<string, string>;
};

export type ConfirmUploadOptions = { key: string; contentType: ImageContentType; maxBytes: number };

/**
 * Where uploaded images live. The browser PUTs to `presignUpload`'s URL; the server then
 * `confirmUpload`s before it ever hands out `publicUrl`.
 */
export type ImageStorage = {
  kind: 's3' | 'local';
  presignUpload(options: PresignUploadOptions): Promise<PresignedUpload>;
  /**
   * Checks the stored file (present, within `maxBytes`, bytes of the declared type) and returns
   * its size. Otherwise deletes it and throws 400 VALIDATION_ERROR.
   */
  confirmUpload(options: ConfirmUploadOptions): Promise<{ sizeBytes: number }>;
  publicUrl(key: string): string;
  /** Removes a stored image; removing one that is not there is not an error. */
  deleteImage(key: string): Promise<void>;
};

/** Refuses a presign request that would produce an unusable or dishonest URL. */
export function checkPresignOptions(options: PresignUploadOptions): void {
  checkKeyMatches(options.key, options.contentType);
  if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes < 1) {
    throw new Error(`maxBytes must be a positive integer, got ${options.maxBytes}`);
  }
  if (Number.isNaN(options.expiresAt.getTime())) throw new Error('expiresAt is not a valid date');
  const { sizeBytes } = options;
  if (sizeBytes === undefined) return;
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < 1) {
    throw new AppError('VALIDATION_ERROR', 'The image is empty.');
  }
  if (sizeBytes > options.maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The image is ${formatBytes(sizeBytes)}; the limit is ${formatBytes(options.maxBytes)}.`,
    );
  }
}

/**
 * Keys come from our own database, so a malformed one is a bug on our side, not the user's; it is
 * still refused before it reaches a file path or a bucket.
 */
export function checkKeyMatches(key: string, contentType: ImageContentType): void {
  const parsed = parseImageKey(key);
  if (!parsed) throw new Error(`Not a valid image key: ${JSON.stringify(key)}`);
  if (parsed.contentType !== contentType) {
    throw new Error(`Image key ${key} does not match the content type ${contentType}`);
  }
}

export function missingUpload(): AppError {
  return new AppError('VALIDATION_ERROR', 'No image was uploaded, or the upload did not finish.');
}
