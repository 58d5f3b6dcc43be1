// The running server's backup endpoint for the embedded database. PGlite lives inside the server's
// process and only one process may open its data dir, so `npm run backup` cannot open it while the
// server runs: it asks the server instead, over a Unix socket in the data dir. Whoever can read the
// data dir can read the database anyway, so the socket's file permissions (owner only) are the
// access control, and nothing is offered on a TCP port.
import { chmod, lstat, mkdir, mkdtemp, rename, rm, stat, unlink } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/client.ts';
import { BackupError } from './backup-files.ts';

export const BACKUP_SOCKET_NAME = 'backup.sock';

// A Unix socket's path must fit sun_path with its closing NUL: 108 bytes on Linux, 104 on macOS
// and the BSDs. Node refuses a longer one with a bare EINVAL; this says why instead.
const SOCKET_PATH_LIMIT = process.platform === 'linux' ? 107 : 103;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET_NAME);
}

/** Why no socket can live at `socketPath`, or nothing when one can. */
export function socketPathProblem(socketPath: string): string | undefined {
  const length = Buffer.byteLength(socketPath);
  if (length <= SOCKET_PATH_LIMIT) return undefined;
  return (
    `the backup socket's path ${socketPath} is ${length} bytes, over the ${SOCKET_PATH_LIMIT} a Unix ` +
    `socket's path may have (a shorter DATA_DIR fixes it).`
  );
}

/**
 * `answering`: a process listens there (a server, or a backup or restore command holding the data
 * dir). `stale`: the file is there but nobody listens, as a killed process leaves it. `absent`:
 * no file.
 */
export type SocketState = 'answering' | 'stale' | 'absent';

export function probeBackupSocket(socketPath: string): Promise<SocketState> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve('answering');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') resolve('absent');
      // Also what a regular file at that path answers; startBackupSocket tells the two apart.
      else if (error.code === 'ECONNREFUSED') resolve('stale');
      else if (error.code === 'EACCES')
        reject(
          new BackupError(
            `${socketPath} is not yours to connect to: run this as the user that runs the Tradeport server.`,
          ),
        );
      else reject(error);
    });
  });
}

export type BackupSocketLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type BackupSocket = { path: string; close(): Promise<void> };

/**
 * Answers `POST /backup` on `$DATA_DIR/backup.sock` with a gzipped tarball of the embedded
 * database (Database.dumpDataDir: consistent, taken between transactions). Nothing for PostgreSQL,
 * which has pg_dump. When the path is too long for a socket it logs why and offers nothing: the
 * server still serves, and `npm run backup` then works with the server stopped.
 * Throws when another live process answers on the socket: it has the data dir open.
 */
export async function startBackupSocket(options: {
  database: Database;
  dataDir: string;
  log: BackupSocketLog;
}): Promise<BackupSocket | undefined> {
  const { database, dataDir, log } = options;
  const dump = database.dumpDataDir;
  if (database.kind !== 'pglite' || !dump) return undefined;
  const problem = socketPathProblem(backupSocketPath(dataDir));
  if (problem) {
    log.warn({ dataDir }, `npm run backup cannot reach this server: ${problem}`);
    return undefined;
  }
  return listenOnBackupSocket({
    dataDir,
    log,
    async backup(response) {
      const started = performance.now();
      const blob = await dump();
      response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': blob.size });
      await pipeline(Readable.fromWeb(blob.stream()), response);
      log.info({ bytes: blob.size, ms: Math.round(performance.now() - started) }, 'backup sent');
    },
  });
}

/**
 * Holds the socket without a database behind it, answering that `reason` keeps the data dir
 * busy: while a restore swaps the data dir, a server starting or a backup asking must wait.
 */
export async function occupyBackupSocket(options: {
  dataDir: string;
  reason: string;
  log: BackupSocketLog;
}): Promise<BackupSocket | undefined> {
  if (socketPathProblem(backupSocketPath(options.dataDir))) return undefined;
  return listenOnBackupSocket({
    dataDir: options.dataDir,
    log: options.log,
    async backup(response) {
      sendError(response, 503, 'BUSY', options.reason);
    },
  });
}

/** Throws when a process answers on the data dir's socket: it has the embedded database open. */
export async function assertDataDirFree(dataDir: string): Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  if (socketPathProblem(socketPath)) return;
  if ((await probeBackupSocket(socketPath)) === 'answering') {
    throw new BackupError(
      `Another process has the embedded database in ${dataDir} open (it answers on ${socketPath}): ` +
        'a Tradeport server, or a backup or restore. Only one process at a time may open it.',
    );
  }
}

function sendError(response: http.ServerResponse, status: number, errorCode: string, message: string) {
  const body = JSON.stringify({ error_code: errorCode, message });
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

async function listenOnBackupSocket(options: {
  dataDir: string;
  log: BackupSocketLog;
  backup(response: http.ServerResponse): Promise<void>;
}): Promise<BackupSocket> {
  const { dataDir, log } = options;
  const socketPath = backupSocketPath(dataDir);
  await mkdir(dataDir, { recursive: true });
  await assertDataDirFree(dataDir);
  const left = await lstat(socketPath).catch(() => undefined);
  if (left && !left.isSocket()) {
    throw new BackupError(
      `${socketPath} is not a socket; move it away so the backup socket can take its place.`,
    );
  }
  if (left) log.info({ socketPath }, 'replacing the backup socket a stopped process left behind');

  const server = http.createServer((request, response) => {
    if (request.url !== '/backup') {
      sendError(response, 404, 'NOT_FOUND', 'POST /backup answers with a backup of the embedded database.');
      return;
    }
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST');
      sendError(response, 405, 'METHOD_NOT_ALLOWED', 'Ask for a backup with POST /backup.');
      return;
    }
    options.backup(response).catch((error: Error) => {
      log.error({ err: error }, 'backup failed');
      if (!response.headersSent)
        sendError(response, 500, 'BACKUP_FAILED', `The backup failed: ${error.message}`);
      else response.destroy(error); // the client sees a short body, never a complete-looking one
    });
  });

  // Bound inside a folder only we may enter (mkdtemp makes it 0700), made owner-only, then moved
  // into place: nobody else can connect in the moment between binding and chmod, whatever the
  // umask. The rename also replaces a stale socket in one step. ".bs" + 6 characters keeps the
  // path no longer than the final one.
  const privateDir = await mkdtemp(path.join(dataDir, '.bs'));
  try {
    const bound = path.join(privateDir, 's');
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(bound, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(bound, 0o600);
    await rename(bound, socketPath);
  } catch (error) {
    server.close();
    throw error;
  } finally {
    await rm(privateDir, { recursive: true, force: true });
  }
  const { ino } = await stat(socketPath);

  return {
    path: socketPath,
    async close() {
      // Waits for a backup being sent: the database must not close under it.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Node removes the path it bound, which the rename emptied; this one is ours to remove,
      // unless another process has since put its own there.
      const current = await lstat(socketPath).catch(() => undefined);
      if (current?.ino === ino) await unlink(socketPath).catch(() => {});
    },
  };
}

/** Asks the process answering on `socketPath` for a backup; resolves with the tarball's stream. */
export function requestBackup(socketPath: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath, method: 'POST', path: '/backup', agent: false },
      (response) => {
        if (response.statusCode === 200) {
          resolve(response);
          return;
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('error', reject);
        response.on('end', () => {
          let message = body;
          try {
            message = (JSON.parse(body) as { message?: string }).message ?? body;
          } catch {
            // Not ours: say what came back as it came.
          }
          reject(new BackupError(`The process on ${socketPath} answered ${response.statusCode}: ${message}`));
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}
