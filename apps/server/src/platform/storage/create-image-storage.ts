import { createLocalImageStorage, type LocalImageStorage } from './local-image-storage.ts';
import type { S3ImageStorage, S3StorageConfig } from './s3-image-storage.ts';

export type ImageStorageConfig = {
  /** Config's `s3` block; when absent, files go to `localDir`. */
  s3?: S3StorageConfig | undefined;
  /** e.g. `${config.dataDir}/uploads`. */
  localDir: string;
  /** Keys the local upload links' HMAC (the JWT secret will do: the MACs are domain-separated). */
  signingSecret: string;
  /** Origin the browser reaches the API at, without `/api/v1` (config.appUrl). */
  apiBaseUrl: string;
  now?: () => number;
};

/**
 * S3 when configured, else the local-disk store behind the same presigned flow. `kind` tells the
 * caller whether to mount the local store's PUT/GET route.
 */
export async function createImageStorage(
  config: ImageStorageConfig,
): Promise<S3ImageStorage | LocalImageStorage> {
  const { now } = config;
  if (config.s3) {
    // The AWS SDK is large; the embedded default never loads it, which keeps start-up quick.
    const { createS3ImageStorage } = await import('./s3-image-storage.ts');
    return createS3ImageStorage({ ...config.s3, ...(now ? { now } : {}) });
  }
  return createLocalImageStorage({
    directory: config.localDir,
    signingSecret: config.signingSecret,
    apiBaseUrl: config.apiBaseUrl,
    ...(now ? { now } : {}),
  });
}
