import { createWriteStream, openAsBlob } from 'node:fs';
import { chmod, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../db/client.ts';
import { countAppliedMigrations } from './backup.queries.ts';
import {
  BackupError,
  type BackupLog,
  createBackupFile,
  exists,
  fileTimestamp,
  formatBytes,
  formatProblem,
  readBackupFormat,
} from './backup-files.ts';
import {
  backupSocketPath,
  type BackupSocketLog,
  occupyBackupSocket,
  probeBackupSocket,
  requestBackup,
  type SocketState,
  socketPathProblem,
  startBackupSocket,
} from './backup-socket.ts';

/** Where main.ts keeps the embedded database inside DATA_DIR. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

// A command holding the socket has nothing to report on it; what it does, it says on the console.
const quietSocketLog: BackupSocketLog = { info() {}, warn() {}, error() {} };

/**
 * Whether a process has the data dir open, by its socket. With a path too long for a socket there
 * is none to ask, so PGlite's own marker has to do: postmaster.pid is there while a process has
 * the database open, and gone once it closed it cleanly.
 */
async function dataDirState(dataDir: string): Promise<SocketState> {
  const socketPath = backupSocketPath(dataDir);
  const problem = socketPathProblem(socketPath);
  if (!problem) return probeBackupSocket(socketPath);
  const marker = path.join(pgliteDirOf(dataDir), 'postmaster.pid');
  if (await exists(marker)) {
    throw new BackupError(
      `Cannot tell whether a server is running: ${problem} ${marker} says a process has the database ` +
        'open, or that the last one did not close it. Stop the server and try again; if none is ' +
        'running, start and stop it once so that it closes the database cleanly.',
    );
  }
  return 'absent';
}

/**
 * Backs up DATA_DIR's embedded database to `file`: from the running server through its socket,
 * or, with no server running, by opening the data dir here. Either way the tarball is taken inside
 * one PGlite transaction after a checkpoint, so it holds every committed transaction whole.
 */
export async function backupPglite(options: {
  dataDir: string;
  file: string;
  log: BackupLog;
}): Promise<void> {
  const { dataDir, file, log } = options;
  const socketPath = backupSocketPath(dataDir);
  if ((await dataDirState(dataDir)) === 'answering') {
    log(`Asking the running server (${socketPath}) for a backup…`);
    await createBackupFile(file, async (partial) => {
      const response = await requestBackup(socketPath);
      const expected = Number(response.headers['content-length']);
      let received = 0;
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      await pipeline(response, createWriteStream(partial));
      if (received !== expected) {
        throw new BackupError(
          `The server's backup stopped after ${received} of ${expected} bytes; try again.`,
        );
      }
    });
    log(`Backup of the running server written to ${file} (${formatBytes((await stat(file)).size)}).`);
    return;
  }

  const pgliteDir = pgliteDirOf(dataDir);
  // Opening an empty folder would create a new, empty database and back that up.
  if (!(await exists(path.join(pgliteDir, 'PG_VERSION')))) {
    throw new BackupError(
      `There is no embedded database in ${pgliteDir}, so nothing to back up. Is DATA_DIR right? ` +
        '(With DATABASE_URL set, the backup is taken from PostgreSQL.)',
    );
  }
  log(`No server is running on ${dataDir}: opening its database here…`);
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    // While this process has the database open, its socket says so: a backup asked meanwhile
    // comes from here, and a restore waits.
    const socket = await startBackupSocket({ database, dataDir, log: quietSocketLog });
    try {
      const blob = await database.dumpDataDir!();
      await createBackupFile(file, (partial) =>
        pipeline(Readable.fromWeb(blob.stream()), createWriteStream(partial)),
      );
    } finally {
      await socket?.close();
    }
  } finally {
    await database.close();
  }
  log(`Backup written to ${file} (${formatBytes((await stat(file)).size)}).`);
}

/**
 * Replaces DATA_DIR's embedded database with the one in `file`, the server being stopped. The
 * backup is loaded into a new folder beside the current one and opened there first; only then
 * are the folders swapped, the replaced one kept as pglite.before-restore-<time>. A backup that
 * does not open changes nothing.
 */
export async function restorePglite(options: {
  dataDir: string;
  file: string;
  log: BackupLog;
  now: Date;
}): Promise<void> {
  const { dataDir, file, log } = options;
  const problem = formatProblem({ file, format: await readBackupFormat(file), engine: 'pglite' });
  if (problem) throw new BackupError(problem);
  if ((await dataDirState(dataDir)) === 'answering') {
    throw new BackupError(
      `A Tradeport server (or a backup or restore) is using ${dataDir}: it answers on ` +
        `${backupSocketPath(dataDir)}. Stop it, then run the restore again.`,
    );
  }

  const socket = await occupyBackupSocket({
    dataDir,
    reason: 'A restore is replacing the embedded database; try again when it has finished.',
    log: quietSocketLog,
  });
  try {
    const target = pgliteDirOf(dataDir);
    const stamp = fileTimestamp(options.now);
    const incoming = `${target}.restoring-${stamp}`;
    const previous = `${target}.before-restore-${stamp}`;
    log(`Loading ${file} into ${incoming}…`);
    let migrations: number;
    try {
      migrations = await loadAndOpen({ file, dir: incoming });
    } catch (error) {
      await rm(incoming, { recursive: true, force: true });
      if (error instanceof BackupError) throw error;
      throw new BackupError(
        `${file} could not be opened as a database (${(error as Error).message}). Nothing was changed.`,
      );
    }

    // PGlite writes its files world-writable (0666, whatever the umask); an owner-only folder
    // keeps everyone else out of them, as PostgreSQL itself insists on for its data directory.
    await chmod(incoming, 0o700);
    const hadDatabase = await exists(target);
    if (hadDatabase) await rename(target, previous);
    try {
      await rename(incoming, target);
    } catch (error) {
      if (hadDatabase) await rename(previous, target);
      throw error;
    }
    log(
      `Restored ${file} into ${target} (${migrations} migrations applied; the server applies any newer ` +
        'ones when it starts).',
    );
    if (hadDatabase)
      log(`The database it replaced is kept in ${previous}: remove it once you have checked the restore.`);
  } finally {
    await socket?.close();
  }
}

/** Loads the tarball into `dir`, then opens `dir` again from its files alone, as the server will. */
async function loadAndOpen(options: { file: string; dir: string }): Promise<number> {
  if (await exists(options.dir)) throw new BackupError(`${options.dir} already exists; move it away first.`);
  const loaded = await openDatabase({
    kind: 'pglite',
    dataDir: options.dir,
    loadDataDir: await openAsBlob(options.file),
  });
  await loaded.close();
  const reopened = await openDatabase({ kind: 'pglite', dataDir: options.dir });
  try {
    const migrations = await countAppliedMigrations(reopened.db);
    if (migrations === undefined) {
      throw new BackupError(
        `${options.file} holds a database, but not Tradeport's (it has no migrations). Nothing was changed.`,
      );
    }
    return migrations;
  } finally {
    await reopened.close();
  }
}
