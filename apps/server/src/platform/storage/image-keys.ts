import { randomUUID } from 'node:crypto';
import { contentTypeForExtension, extensionForContentType, type ImageContentType } from './image-types.ts';

// Keys become file paths and URL paths: plain ASCII segments that cannot be `.`, `..` or hidden,
// at most a few levels deep, ending in one of our extensions.
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9_-]{0,99}';
const KEY_PATTERN = new RegExp(`^(?:${SEGMENT}/){0,3}${SEGMENT}\\.(jpg|png)$`);
const OWNER_PATTERN = new RegExp(`^${SEGMENT}$`);

/**
 * A fresh storage key for one upload: `<owner id>/<uuid>.<ext>`. Keys are always made here, never
 * taken from a client, so the owner prefix and the extension can be trusted.
 */
export function newImageKey(options: { ownerId: string; contentType: ImageContentType }): string {
  if (!OWNER_PATTERN.test(options.ownerId)) throw new Error(`Unusable owner id for an image key`);
  return `${options.ownerId}/${randomUUID()}.${extensionForContentType(options.contentType)}`;
}

/** The media type a well-formed key stands for, or undefined for anything else (traversal included). */
export function parseImageKey(key: string): { contentType: ImageContentType } | undefined {
  const match = KEY_PATTERN.exec(key);
  const contentType = match?.[1] ? contentTypeForExtension(match[1]) : undefined;
  return contentType ? { contentType } : undefined;
}

/** Keys hold only URL-safe characters and `/`, so they go into a URL path as they are. */
export function keyToUrlPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
