import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../scripts/lib/server-process.ts';

/** Where the run's seeded data dir is, for journey.ts (set here, read in the test workers). */
export const DEMO_DATA_DIR_ENV = 'TRADEPORT_E2E_DEMO_DATA_DIR';
/**
 * The run's own temporary directory, which holds the seeded data dir and each server's data dir
 * (journey.ts), and which goes with everything in it when the run ends: so does the data dir of a
 * server a worker had started for a file that never came (journey.ts), which no hook removes.
 */
export const RUN_DIR_ENV = 'TRADEPORT_E2E_RUN_DIR';

/** What main.ts prints once it has also started its job workers, the last thing it does. */
const READY_LINE = 'Tradeport is running at';

/**
 * Migrates and seeds the demo data once for the whole run: the built server starts on a fresh
 * data dir and is stopped cleanly once it is ready, and each journey file's server starts on a copy
 * of the dir it leaves (see useJourney). Seeding is most of a server's start-up, so doing it once
 * instead of once per file saves several seconds a file. The variables set here reach the test
 * workers, which start after this runs.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const runDir = await mkdtemp(path.join(tmpdir(), 'tradeport-e2e-'));
  // Retried: a server its worker left behind may still be writing as it shuts down.
  const removeDir = () => rm(runDir, { recursive: true, force: true, maxRetries: 5 });
  const dir = path.join(runDir, 'demo');
  try {
    await mkdir(dir);
    await seedOnce(dir);
  } catch (error) {
    await removeDir();
    throw error;
  }
  process.env[DEMO_DATA_DIR_ENV] = dir;
  process.env[RUN_DIR_ENV] = runDir;
  return async () => {
    delete process.env[DEMO_DATA_DIR_ENV];
    delete process.env[RUN_DIR_ENV];
    await removeDir();
  };
}

async function seedOnce(dir: string) {
  const server = await startServer({ dataDir: dir });
  try {
    // Healthy means migrated and seeded; wait for the job workers too, so stopping does not cut
    // their start (pg-boss's first writes) short and every copy starts from the same finished state.
    const deadline = Date.now() + 30_000;
    while (!server.output().includes(READY_LINE)) {
      if (Date.now() > deadline)
        throw new Error(`the seeding server never said it was ready:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    // SIGTERM: the server closes PGlite before it exits, leaving the dir consistent to copy.
    await server.stop();
  }
}
