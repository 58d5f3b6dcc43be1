import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default) with OWASP's baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when no user matches keeps the response time the same either way,
// so timing does not reveal which emails have accounts.
// Made on first need, not at start-up.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password', OPTIONS);
  const target = passwordHash ?? (await dummyHash);
  const matches = await verify(target, password).catch(() => false);
  return passwordHash !== undefined && matches;
}
