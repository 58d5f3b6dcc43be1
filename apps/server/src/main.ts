import path from 'node:path';
import { buildApp } from './app.ts';
import { pino } from 'pino';
import { resolveJwtSecret } from './platform/auth/secret.ts';
import { type Config, ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { migrateDatabase } from './platform/db/migrate.ts';
import { clockFromEnv } from './platform/test-clock.ts';
import { createServices } from './platform/services.ts';
import { DEMO_LOGINS, hasDemoLogins, seedDemo } from './seed/demo.ts';

const EXIT_CONFIG = 78; // EX_CONFIG from sysexits.h

function readConfig(): Config & { now: () => Date } {
  try {
    return { ...loadConfig(), now: clockFromEnv() };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
}

async function main() {
  const startedAt = performance.now();
  const { now, ...config } = readConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  await migrateDatabase(database);
  const seeded = config.seedDemo ? await seedDemo(database.db, now()) : false;
  // A database seeded otherwise (npm run seed:large on an empty one) has no demo logins to list.
  const showDemoLogins = config.seedDemo && (seeded || (await hasDemoLogins(database.db)));
  const secret = await resolveJwtSecret({ configured: config.jwtSecret, db: database.db });
  const log = pino({ level: config.logLevel });
  const services = await createServices({ config, database, signingSecret: secret, log, now });
  const app = await buildApp(services.deps);
  // Stop taking jobs before the database goes away; in-flight requests finish first (app.close).
  app.addHook('onClose', async () => {
    await services.stop();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  await services.startWorkers();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const database_ = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    `\nTradeport is running at http://localhost:${port} (${database_}), ready in ${Math.round(performance.now() - startedAt)} ms`,
  );
  if (showDemoLogins) {
    console.log(seeded ? 'Demo data created. Demo logins:' : 'Demo logins:');
    for (const login of DEMO_LOGINS)
      console.log(`  ${login.role.padEnd(15)} ${login.email} / ${login.password}`);
  }
}

main().catch((error) => {
  console.error('Tradeport failed to start:', error);
  process.exit(1);
});
