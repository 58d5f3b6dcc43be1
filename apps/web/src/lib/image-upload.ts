import { createImageUpload, type ImageType, MAX_IMAGE_BYTES } from '@tradeport/contract';
import { request } from './api-client.ts';
import { ApiError, UNREADABLE_ERROR_MESSAGE } from './api-error.ts';
import { errorToastMessage } from './error-toast-message.ts';
import { showErrorToast } from './toasts.ts';

/** For the file picker; the check below is what counts. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
export const IMAGE_RULES_TEXT = 'JPEG or PNG, at most 5 MB';

const TYPE_BY_EXTENSION: Record<string, ImageType> = { jpeg: 'jpeg', jpg: 'jpg', png: 'png' };
const TYPE_BY_MIME: Record<string, ImageType> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };

export type ImageFileCheck = { ok: true; type: ImageType } | { ok: false; message: string };

/**
 * SPEC §3 image types (jpeg, jpg, png) and the 5 MiB limit, checked before anything is uploaded.
 * The type sent is the file's extension when it is one of ours (so "jpg" stays "jpg"), else its
 * MIME type; a file whose browser-reported type contradicts that is refused.
 */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): ImageFileCheck {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const byMime = TYPE_BY_MIME[file.type.toLowerCase()];
  const type = TYPE_BY_EXTENSION[extension] ?? byMime;
  const isMimeContradicting = file.type !== '' && !byMime;
  if (!type || isMimeContradicting)
    return { ok: false, message: 'Choose a JPEG or PNG image (at most 5 MB).' };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: 'Choose an image of at most 5 MB.' };
  if (file.size === 0) return { ok: false, message: 'That file is empty; choose another image.' };
  return { ok: true, type };
}

export class ImageUploadError extends Error {
  override readonly name = 'ImageUploadError';
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Uploads one image: asks for a presigned URL for its type, PUTs the bytes there with the given
 * headers, and resolves with the URL it is served from. Rejects with ImageUploadError (with a
 * message to show beside the field) when the file is refused or the upload fails.
 */
export async function uploadImage(file: File, options: { signal?: AbortSignal } = {}): Promise<string> {
  const check = checkImageFile(file);
  if (!check.ok) throw new ImageUploadError(check.message);

  const target = await request(createImageUpload, {
    params: { type: check.type },
    signal: options.signal,
  }).catch((error: unknown) => {
    // The API client has shown the failure as a toast already (SPEC §8).
    throw error instanceof ApiError ? new ImageUploadError('The image could not be uploaded.') : error;
  });
  if (file.size > target.max_bytes) throw new ImageUploadError('Choose an image of at most 5 MB.');

  let response: Response;
  try {
    response = await fetch(target.upload_url, {
      method: target.method,
      headers: target.headers,
      body: file,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    showErrorToast(UNREADABLE_ERROR_MESSAGE);
    throw new ImageUploadError('The image could not be uploaded.');
  }
  if (!response.ok) {
    // The storage answers like the API when it is ours, and unreadably when it is S3 (SPEC §8).
    const message = errorToastMessage(await readBody(response));
    if (message) showErrorToast(message);
    throw new ImageUploadError('The image could not be uploaded.');
  }
  return target.public_url;
}
