import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { API_PREFIX } from '@tradeport/contract';
import { AppError, forbidden, notFound } from '../errors.ts';
import { keyToUrlPath, parseImageKey } from './image-keys.ts';
import {
  checkKeyMatches,
  checkPresignOptions,
  type ImageStorage,
  missingUpload,
  type PresignedUpload,
} from './image-storage.ts';
import {
  findContentProblem,
  findStoredImageProblem,
  formatBytes,
  IMAGE_SIGNATURE_BYTES,
  type ImageContentType,
  parseImageContentType,
} from './image-types.ts';
import { isUploadSignatureValid, signUploadGrant, type UploadGrant } from './local-upload-signature.ts';

/** Where the local store's files are PUT to and served from; the route registers `${this}/*`. */
export const LOCAL_UPLOADS_PATH = `${API_PREFIX}/uploads`;

export type LocalImageStorageOptions = {
  directory: string;
  /** Keys the upload URLs' HMAC; at least 32 characters. */
  signingSecret: string;
  /** Origin the browser reaches this API at (e.g. config.appUrl); '' gives same-origin paths. */
  apiBaseUrl: string;
  now?: () => number;
};

export type ReceiveUploadOptions = {
  /** The URL path after `/api/v1/uploads/` (the route's `*` parameter). */
  key: string;
  /** The parsed query string; `expires`, `max_bytes` and `signature` are read from it. */
  query: Readonly<Record<string, unknown>>;
  /** The request's Content-Type header. */
  contentType: string | undefined;
  /** The request's Content-Length header, when sent: refuses an oversized body before reading it. */
  contentLength?: string | number | undefined;
  /** The request body, unread. It is never destroyed here, so the caller can still answer. */
  body: Readable;
};

export type StoredImage = {
  /** Opened file; close it (or let it end) after piping it to the response. */
  stream: Readable;
  contentType: ImageContentType;
  sizeBytes: number;
};

export type LocalImageStorage = ImageStorage & {
  kind: 'local';
  /**
   * Takes one signed PUT: 403 FORBIDDEN for a bad or expired link, 415 UNSUPPORTED_MEDIA_TYPE for
   * another Content-Type, 413 PAYLOAD_TOO_LARGE past the signed size, 400 VALIDATION_ERROR when
   * the bytes are not the declared image type. Only a file that passed lands under its key.
   */
  receiveUpload(
    options: ReceiveUploadOptions,
  ): Promise<{ key: string; contentType: ImageContentType; sizeBytes: number }>;
  /** A stored file for GET; 404 NOT_FOUND for a missing file or an impossible key. */
  openStored(key: string): Promise<StoredImage>;
};

// Partial uploads live beside the files (same file system, so the final rename is atomic) in a
// folder no key can name: key segments never start with a dot.
const INCOMING_FOLDER = '.incoming';
const DIGITS = /^\d{1,15}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{1,128}$/;

export function createLocalImageStorage(options: LocalImageStorageOptions): LocalImageStorage {
  const root = path.resolve(options.directory);
  const incoming = path.join(root, INCOMING_FOLDER);
  const secret = options.signingSecret;
  const now = options.now ?? Date.now;
  const baseUrl = options.apiBaseUrl.replace(/\/+$/, '');
  if (secret.length < 32) throw new Error('The upload signing secret must be at least 32 characters');

  const publicUrl = (key: string) => `${baseUrl}${LOCAL_UPLOADS_PATH}/${keyToUrlPath(key)}`;

  /** The file for a key, or undefined for a key that could reach outside the folder. */
  const fileFor = (key: string): string | undefined => {
    if (!parseImageKey(key)) return undefined;
    const file = path.resolve(root, ...key.split('/'));
    // The key pattern already rules out `..`; this holds even if that pattern is ever loosened.
    return file.startsWith(root + path.sep) ? file : undefined;
  };
  const requireFileFor = (key: string): string => {
    const file = fileFor(key);
    if (!file) throw new Error(`Not a valid image key: ${JSON.stringify(key)}`);
    return file;
  };

  return {
    kind: 'local',

    async presignUpload(upload): Promise<PresignedUpload> {
      checkPresignOptions(upload);
      const grant: UploadGrant = {
        key: upload.key,
        contentType: upload.contentType,
        // A declared size narrows the limit, as S3's signed Content-Length does.
        maxBytes: upload.sizeBytes ?? upload.maxBytes,
        expires: Math.floor(upload.expiresAt.getTime() / 1000),
      };
      const query = new URLSearchParams({
        expires: String(grant.expires),
        max_bytes: String(grant.maxBytes),
        signature: signUploadGrant({ secret, grant }),
      });
      return { url: `${publicUrl(upload.key)}?${query}`, headers: { 'Content-Type': upload.contentType } };
    },

    async confirmUpload({ key, contentType, maxBytes }) {
      checkKeyMatches(key, contentType);
      const file = requireFileFor(key);
      const handle = await openIfPresent(file);
      if (!handle) throw missingUpload();
      let problem: string | undefined;
      let sizeBytes: number;
      try {
        sizeBytes = (await handle.stat()).size;
        const { buffer, bytesRead } = await handle.read(
          Buffer.alloc(IMAGE_SIGNATURE_BYTES),
          0,
          IMAGE_SIGNATURE_BYTES,
          0,
        );
        problem = findStoredImageProblem({
          declared: contentType,
          maxBytes,
          sizeBytes,
          firstBytes: buffer.subarray(0, bytesRead),
        });
      } finally {
        await handle.close();
      }
      if (problem) {
        await rm(file, { force: true });
        throw new AppError('VALIDATION_ERROR', problem);
      }
      return { sizeBytes };
    },

    publicUrl,

    async deleteImage(key) {
      await rm(requireFileFor(key), { force: true });
    },

    async receiveUpload(request) {
      const file = fileFor(request.key);
      const grant = readGrant(request);
      if (!file || !grant || !isUploadSignatureValid({ secret, ...grant })) {
        throw forbidden('This upload link is not valid; ask for a new one.');
      }
      if (now() > grant.grant.expires * 1000) {
        throw forbidden('This upload link has expired; ask for a new one.');
      }
      const { contentType, maxBytes } = grant.grant;
      if (parseImageContentType(request.contentType) !== contentType) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the image with Content-Type: ${contentType}.`);
      }
      const declaredLength = Number(request.contentLength ?? Number.NaN);
      if (declaredLength > maxBytes) throw tooLarge(maxBytes);

      const sizeBytes = await streamIntoPlace({ body: request.body, file, incoming, contentType, maxBytes });
      return { key: request.key, contentType, sizeBytes };
    },

    async openStored(key) {
      const file = fileFor(key);
      const contentType = parseImageKey(key)?.contentType;
      const handle = file && contentType ? await openIfPresent(file) : undefined;
      if (!handle || !contentType) throw notFound('Image');
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        throw notFound('Image');
      }
      return {
        stream: handle.createReadStream(),
        contentType,
        sizeBytes: stats.size,
      };
    },
  };
}

function readGrant(request: ReceiveUploadOptions): { grant: UploadGrant; signature: string } | undefined {
  const { expires, max_bytes: maxBytes, signature } = request.query;
  const contentType = parseImageKey(request.key)?.contentType;
  if (!contentType || typeof expires !== 'string' || typeof maxBytes !== 'string') return undefined;
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return undefined;
  if (!DIGITS.test(expires) || !DIGITS.test(maxBytes)) return undefined;
  // The content type is not in the URL: the key's extension fixes it, and the MAC covers it.
  return {
    grant: { key: request.key, contentType, maxBytes: Number(maxBytes), expires: Number(expires) },
    signature,
  };
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The image is larger than the ${formatBytes(maxBytes)} limit.`);
}

async function openIfPresent(file: string): Promise<FileHandle | undefined> {
  try {
    return await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * Copies the body into a temporary file, counting bytes and checking the leading ones as they
 * arrive, then renames it over the key's file. A refused or broken upload leaves nothing behind,
 * and a reader never sees half a file.
 */
async function streamIntoPlace(options: {
  body: Readable;
  file: string;
  incoming: string;
  contentType: ImageContentType;
  maxBytes: number;
}): Promise<number> {
  const { body, contentType, maxBytes } = options;
  await mkdir(options.incoming, { recursive: true });
  const temporary = path.join(options.incoming, `${randomUUID()}.part`);
  const handle = await open(temporary, 'wx', 0o644);
  let isHandleOpen = true;
  let isInPlace = false;
  try {
    const head = Buffer.alloc(IMAGE_SIGNATURE_BYTES);
    let sizeBytes = 0;
    // Pulled by hand rather than with for-await: leaving that loop early destroys the request,
    // which would drop the connection before the caller could answer 413 or 400.
    const chunks: AsyncIterator<unknown> = body[Symbol.asyncIterator]();
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      const chunk = toBuffer(next.value);
      const headBefore = Math.min(sizeBytes, IMAGE_SIGNATURE_BYTES);
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) throw tooLarge(maxBytes);
      if (headBefore < IMAGE_SIGNATURE_BYTES) {
        chunk.copy(head, headBefore, 0, IMAGE_SIGNATURE_BYTES - headBefore);
        // Refuse a wrong file at its first bytes rather than after megabytes of it.
        if (sizeBytes >= IMAGE_SIGNATURE_BYTES) throwIfWrongContent(contentType, head);
      }
      await writeFully(handle, chunk);
    }
    if (sizeBytes === 0) throw new AppError('VALIDATION_ERROR', 'The upload was empty.');
    if (sizeBytes < IMAGE_SIGNATURE_BYTES) throwIfWrongContent(contentType, head.subarray(0, sizeBytes));
    await handle.datasync();
    await handle.close();
    isHandleOpen = false;
    await mkdir(path.dirname(options.file), { recursive: true });
    await rename(temporary, options.file);
    isInPlace = true;
    return sizeBytes;
  } finally {
    if (isHandleOpen) await handle.close();
    if (!isInPlace) await rm(temporary, { force: true });
  }
}

function throwIfWrongContent(declared: ImageContentType, firstBytes: Uint8Array): void {
  const problem = findContentProblem({ declared, firstBytes });
  if (problem) throw new AppError('VALIDATION_ERROR', problem);
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new TypeError('The upload body must be a byte stream');
}

async function writeFully(handle: FileHandle, chunk: Buffer): Promise<void> {
  for (let offset = 0; offset < chunk.length;) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}
