import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_BUNDLE = path.join(ROOT, 'apps/server/dist/main.js');

export type StartOptions = {
  env?: Record<string, string>;
  /** Reuse this data dir (kept on stop); a fresh temporary one otherwise (removed on stop). */
  dataDir?: string;
  /**
   * Fill the fresh temporary data dir with a copy of this one first: a dir a stopped server left
   * migrated and seeded, so this server starts without doing either again. A copy, not the dir
   * itself, because PGlite lets one process at a time open a data dir, and each server's changes
   * must stay its own.
   */
  copyOf?: string;
  /**
   * Changes the data dir before the server opens it (state no API call can make, such as a trial
   * that ended days ago), while no process holds its database: after `copyOf` is copied in.
   */
  beforeStart?: (dataDir: string) => Promise<void>;
};

export type RunningServer = {
  url: string;
  dataDir: string;
  /** From spawn to the first healthy answer. */
  startupMs: number;
  stop(): Promise<void>;
  output(): string;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server the way `npm start` does (the built bundle and SPA, embedded database,
 * demo data) on a free port and a throw-away data dir.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  if (options.dataDir && options.copyOf) throw new Error('startServer: pass dataDir or copyOf, not both');
  const port = await freePort();
  const isOwnDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'tradeport-')));
  if (options.copyOf) await cp(options.copyOf, dataDir, { recursive: true });
  try {
    await options.beforeStart?.(dataDir);
  } catch (error) {
    if (isOwnDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const spawnedAt = performance.now();
  let output = '';
  if (!existsSync(SERVER_BUNDLE))
    throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first.`);
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The address tests open, so links in mail and local upload URLs point back at it.
      APP_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }

  const startupMs = performance.now() - spawnedAt;

  return {
    url,
    dataDir,
    startupMs,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (isOwnDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
