import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '../errors.ts';
import { keyToUrlPath } from './image-keys.ts';
import { checkKeyMatches, checkPresignOptions, type ImageStorage, missingUpload } from './image-storage.ts';
import { findStoredImageProblem, IMAGE_SIGNATURE_BYTES } from './image-types.ts';

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2…); addressed path-style, as those expect. */
  endpoint?: string | undefined;
  /** Both or neither; without them the SDK's default chain (instance role, env) applies. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Public base URL of the bucket (a CDN, say); files are served from `${publicUrl}/${key}`. */
  publicUrl?: string | undefined;
};

export type S3ImageStorage = ImageStorage & { kind: 's3' };

// SigV4 presigned URLs live at most a week.
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

export function createS3ImageStorage(config: S3StorageConfig & { now?: () => number }): S3ImageStorage {
  const { bucket } = config;
  const now = config.now ?? Date.now;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: Boolean(config.endpoint),
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // By default the SDK adds a CRC32 of the (empty) presign-time body to the URL, which S3 then
    // holds the browser's real bytes against and refuses. Checksums only where S3 demands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = (
    config.publicUrl ??
    (config.endpoint
      ? `${config.endpoint.replace(/\/+$/, '')}/${bucket}`
      : `https://${bucket}.s3.${config.region}.amazonaws.com`)
  ).replace(/\/+$/, '');

  const head = async (key: string): Promise<HeadObjectCommandOutput | undefined> => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };

  const readFirstBytes = async (key: string): Promise<Uint8Array> => {
    const object = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${IMAGE_SIGNATURE_BYTES - 1}` }),
    );
    return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  };

  const deleteImage = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };

  return {
    kind: 's3',

    async presignUpload(upload) {
      checkPresignOptions(upload);
      const expiresIn = Math.ceil((upload.expiresAt.getTime() - now()) / 1000);
      if (expiresIn < 1 || expiresIn > MAX_PRESIGN_SECONDS) {
        throw new Error(
          `An S3 upload URL must expire between 1 second and 7 days from now (got ${expiresIn} s)`,
        );
      }
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: bucket,
          Key: upload.key,
          ContentType: upload.contentType,
          ContentLength: upload.sizeBytes,
        }),
        {
          expiresIn,
          signingDate: new Date(now()),
          // The presigner leaves Content-Type unsigned unless told; signed, S3 refuses any other
          // type (or, with a declared size, any other length) with 403.
          signableHeaders: new Set(['content-type', 'content-length']),
        },
      );
      // Browsers set Content-Length themselves from the body and refuse to have it set.
      return { url, headers: { 'Content-Type': upload.contentType } };
    },

    async confirmUpload({ key, contentType, maxBytes }) {
      checkKeyMatches(key, contentType);
      const stored = await head(key);
      if (!stored) throw missingUpload();
      const sizeBytes = stored.ContentLength ?? 0;
      const isSmallEnough = sizeBytes <= maxBytes;
      const problem = findStoredImageProblem({
        declared: contentType,
        maxBytes,
        sizeBytes,
        // S3 serves the object with this type, so it must be right as well as the bytes.
        storedContentType: stored.ContentType ?? '',
        // No need to fetch anything of a file already refused for its size.
        firstBytes: isSmallEnough ? await readFirstBytes(key) : new Uint8Array(),
      });
      if (problem) {
        await deleteImage(key);
        throw new AppError('VALIDATION_ERROR', problem);
      }
      return { sizeBytes };
    },

    publicUrl: (key) => `${publicBase}/${keyToUrlPath(key)}`,

    deleteImage,
  };
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}
