import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_BUNDLE = path.join(ROOT, 'apps/server/dist/main.js');
/** Ends the server when the process that started it is gone (stop-with-parent.mjs). */
export const STOP_WITH_PARENT = pathToFileURL(path.join(import.meta.dirname, 'stop-with-parent.mjs')).href;

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
  /** Where the fresh temporary data dir is made; the system's temporary directory otherwise. */
  tempDir?: string;
  /**
   * Changes the data dir before the server opens it (state no API call can make, such as a trial
   * that ended days ago), while no process holds its database: after `copyOf` is copied in.
   */
  beforeStart?: (dataDir: string) => Promise<void>;
};

export type RunningServer = {
  url: string;
  dataDir: string;
  /** From spawn to the first ready answer (migrated, seeded, job workers running). */
  startupMs: number;
  stop(): Promise<void>;
  /**
   * Sends `signal` (SIGTERM mid-request, SIGKILL mid-job) and resolves with the exit code once
   * the process has exited, or null when a signal ended it; the data dir stays until stop().
   */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  output(): string;
};

export async function freePort(): Promise<number> {
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
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(options.tempDir ?? tmpdir(), 'tradeport-')));
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
  const args = ['--enable-source-maps', '--import', STOP_WITH_PARENT, SERVER_BUNDLE];
  const child: ChildProcess = spawn(process.execPath, args, {
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
    // stdin: a pipe for STOP_WITH_PARENT.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/v1/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }

  const startupMs = performance.now() - spawnedAt;
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

  return {
    url,
    dataDir,
    startupMs,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (isOwnDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
