import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// The providers' OAuth tokens at rest: AES-256-GCM under ACCOUNTING_TOKEN_KEY, a fresh 96-bit IV
// each time, stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). GCM's tag means a row altered in
// the database fails to decrypt rather than yielding another token. The merchant and provider are
// bound in as associated data, so one merchant's tokens copied onto another's row do not decrypt.

const VERSION = 'v1';

export class TokenDecryptError extends Error {
  constructor() {
    super('A stored accounting token could not be decrypted (altered, moved, or another key)');
    this.name = 'TokenDecryptError';
  }
}

export function encryptToken(key: Buffer, plaintext: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

export function decryptToken(key: Buffer, stored: string, boundTo: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new TokenDecryptError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new TokenDecryptError();
  }
}
