import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The JWT signing secret: JWT_SECRET when set, else one generated on first start and kept in
 * DATA_DIR, so tokens survive restarts without anyone having to invent a secret.
 */
export async function resolveJwtSecret(options: { configured?: string; dataDir: string }): Promise<string> {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, 'jwt-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
