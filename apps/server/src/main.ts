import path from 'node:path';
import { buildApp } from './app.ts';
import { pino } from 'pino';
import { resolveJwtSecret } from './platform/auth/secret.ts';
import { type Config, ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { migrateDatabase } from './platform/db/migrate.ts';
import { clockFromEnv } from './platform/test-clock.ts';
import { createServices } from './platform/services.ts';
import { listenEarly } from './platform/http/starting-server.ts';
import { assertDataDirFree, startBackupSocket } from './platform/backup/backup-socket.ts';
import { BackupError } from './platform/backup/backup-files.ts';
import { startMetricsServer } from './platform/observability/metrics-server.ts';
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
  // Before anything opens it: a second server on the same PGlite dir would otherwise open and
  // migrate it before being refused.
  if (!config.databaseUrl) await assertDataDirFree(config.dataDir);
  let startingStep = 'opening the database';
  const server = await listenEarly({
    port: config.port,
    host: config.host,
    reason: () => `Tradeport is starting (${startingStep}); try again in a moment.`,
  });
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  startingStep = 'applying database migrations';
  await migrateDatabase(database);
  startingStep = 'seeding the demo data';
  const seeded = config.seedDemo ? await seedDemo(database.db, now()) : false;
  // A database seeded otherwise (npm run seed:large on an empty one) has no demo logins to list.
  const showDemoLogins = config.seedDemo && (seeded || (await hasDemoLogins(database.db)));
  const secret = await resolveJwtSecret({ configured: config.jwtSecret, db: database.db });
  const log = pino({ level: config.logLevel });
  const services = await createServices({ config, database, signingSecret: secret, log, now });
  const app = await buildApp({ ...services.deps, serverFactory: server.serverFactory });
  // PGlite only: `npm run backup` asks the running server for a consistent copy through it.
  const backupSocket = await startBackupSocket({ database, dataDir: config.dataDir, log });
  const { metrics, readiness } = services.deps;
  metrics.collectProcessMetrics();
  const metricsServer = config.metricsPort
    ? await startMetricsServer({ registry: metrics.registry, port: config.metricsPort, host: config.host })
    : undefined;
  // Run by app.close() once the server has stopped listening and its in-flight requests are
  // answered (shutdown below): the job workers finish the jobs they hold (jobs.stop waits for
  // them), and only then does the database go away.
  app.addHook('onClose', async () => {
    await backupSocket?.close();
    await services.stop();
    await metricsServer?.close();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.markStopping();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    server
      .close()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.ready();
  server.serve();
  await services.startWorkers();
  readiness.markReady();
  const database_ = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    `\nTradeport is running at http://localhost:${server.port} (${database_}), ready in ${Math.round(performance.now() - startedAt)} ms`,
  );
  if (metricsServer) console.log(`Metrics: http://localhost:${metricsServer.port}/metrics`);
  if (showDemoLogins) {
    console.log(seeded ? 'Demo data created. Demo logins:' : 'Demo logins:');
    for (const login of DEMO_LOGINS)
      console.log(`  ${login.role.padEnd(15)} ${login.email} / ${login.password}`);
  }
}

main().catch((error) => {
  if (error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error('Tradeport failed to start:', error);
  process.exit(1);
});
