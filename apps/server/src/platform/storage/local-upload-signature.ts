import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImageContentType } from './image-types.ts';

/** What one local upload URL allows: one PUT of one key, of one type, up to a size, until a time. */
export type UploadGrant = {
  key: string;
  contentType: ImageContentType;
  maxBytes: number;
  /** Unix seconds, as carried in the URL. */
  expires: number;
};

// A fixed prefix keeps these MACs apart from anything else signed with the same secret (the JWT
// secret may well be reused here), and a version lets the format change without confusion.
const PURPOSE = 'tradeport-local-upload-v1';

export function signUploadGrant(options: { secret: string; grant: UploadGrant }): string {
  const { key, contentType, maxBytes, expires } = options.grant;
  return createHmac('sha256', options.secret)
    .update([PURPOSE, 'PUT', key, contentType, String(maxBytes), String(expires)].join('\n'))
    .digest('base64url');
}

/** Constant-time, so a forger learns nothing from how long a wrong guess took to refuse. */
export function isUploadSignatureValid(options: {
  secret: string;
  grant: UploadGrant;
  signature: string;
}): boolean {
  // Compared as text: decoding first would let stray characters through (Buffer skips them).
  const expected = Buffer.from(signUploadGrant(options));
  const given = Buffer.from(options.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
