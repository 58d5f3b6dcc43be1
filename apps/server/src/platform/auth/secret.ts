import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { storeSecretOnce } from './secret.queries.ts';

/**
 * The JWT signing secret: JWT_SECRET when set, else one generated on the first start and kept in
 * the database. Every API process on that database (several behind a load balancer, or one after
 * a restart) reads the same secret, so a token signed by one is accepted by all, and nobody has
 * to invent a secret. It also signs bot-check challenges and local upload URLs.
 */
export async function resolveJwtSecret(options: { configured?: string; db: Db }): Promise<string> {
  if (options.configured) return options.configured;
  return storeSecretOnce(options.db, { name: 'jwt', candidate: randomBytes(48).toString('base64url') });
}
