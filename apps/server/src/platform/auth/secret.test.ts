import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createUser, openTestDatabase, TEST_PASSWORD } from '../../testing/index.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createServices } from '../services.ts';
import { resolveJwtSecret } from './secret.ts';

const silentLog = { info() {}, warn() {}, error() {} };
const cleanups: (() => Promise<unknown>)[] = [];
let database: Database;

beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  cleanups.push(opened.drop);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** One API process as main.ts starts it, without JWT_SECRET and with a data directory of its own. */
async function startInstance(): Promise<FastifyInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tradeport-instance-'));
  const config = loadConfig({ SEED_DEMO: 'false', DATA_DIR: dataDir });
  const signingSecret = await resolveJwtSecret({ configured: config.jwtSecret, db: database.db });
  const services = await createServices({ config, database, signingSecret, log: silentLog });
  const app = await buildApp({ ...services.deps, logger: false, webDistDir: '/nonexistent' });
  cleanups.push(
    () => rm(dataDir, { recursive: true, force: true }),
    services.stop,
    () => app.close(),
  );
  return app;
}

describe('the generated signing secret', () => {
  it('is shared by every API process on one database, so each accepts the others’ tokens', async () => {
    const [first, second] = await Promise.all([startInstance(), startInstance()]);
    const user = await createUser(database.db);
    const signedIn = await first.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const me = await second.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: { authorization: `Bearer ${signedIn.json().access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('is generated once and then read back, and JWT_SECRET overrides it', async () => {
    const generated = await resolveJwtSecret({ db: database.db });
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect(await resolveJwtSecret({ db: database.db })).toBe(generated);
    const configured = 'a configured secret of at least 32 characters';
    expect(await resolveJwtSecret({ configured, db: database.db })).toBe(configured);
  });
});
