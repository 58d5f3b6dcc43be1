import { randomBytes } from 'node:crypto';

// Crockford base32: no I, L, O or U, so a code read aloud or retyped is hard to get wrong.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 130 random bits as 26 base32 characters, grouped for reading: XXXXX-XXXXX-…-X. */
export function newOneTimeCode(): string {
  const bytes = randomBytes(26);
  const chars = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
  return chars.match(/.{1,5}/g)!.join('-');
}

/** What someone typed or pasted, in the one form that was hashed. */
export const normaliseOneTimeCode = (code: string) =>
  code.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
