import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh tokens, invitation links, reset links. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Only this is stored, so a database leak does not hand out working links or sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
