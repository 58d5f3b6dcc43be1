import { constants } from 'node:fs';
import { access, chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** A problem the person running the command can act on: the CLIs print its message alone, no stack. */
export class BackupError extends Error {}

/** Where the commands say what they did, a line at a time. */
export type BackupLog = (line: string) => void;

export type BackupFormat = 'pglite' | 'pg_dump' | 'unknown';

/** 2025-03-14T09-26-53Z: sorts by time, and has no colon (which Windows and scp dislike). */
export function fileTimestamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/** backups/tradeport-<engine>-<time>.<ext> under the working directory (the repository root for npm run). */
export function defaultBackupFile(options: { kind: 'pglite' | 'postgres'; now: Date }): string {
  const extension = options.kind === 'pglite' ? 'tar.gz' : 'pgdump';
  return path.resolve('backups', `tradeport-${options.kind}-${fileTimestamp(options.now)}.${extension}`);
}

export async function exists(file: string): Promise<boolean> {
  try {
    await access(file, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/** A backup never replaces a file: that may be the only good backup. */
export async function assertNewFile(file: string): Promise<void> {
  if (await exists(file)) {
    throw new BackupError(`${file} already exists: name another file, or remove it first.`);
  }
}

/**
 * Writes a new backup file through `<file>.partial`, renamed only once `write` has finished, so a
 * failed or interrupted backup never leaves a file that looks complete. The file is the owner's alone (0600), as it
 * holds everything the database does, password hashes and tokens included.
 */
export async function createBackupFile(
  file: string,
  write: (partial: string) => Promise<void>,
): Promise<void> {
  await assertNewFile(file);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  // A `.partial` can only be left by an earlier attempt that died; it is never a finished backup.
  await rm(partial, { force: true });
  // Created here with its mode, so a tool that writes into it (pg_dump) keeps the mode.
  await (await open(partial, 'wx', 0o600)).close();
  try {
    await write(partial);
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * What a backup file holds, by its first bytes: a PGlite data-dir tarball is gzip (1f 8b), a
 * pg_dump custom-format archive starts with PGDMP. Restoring the wrong one into an engine fails
 * far less clearly than this check.
 */
export async function readBackupFormat(file: string): Promise<BackupFormat> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${file} does not exist.`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file.`);
    throw error;
  }
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (bytesRead === 5 && head.toString('latin1') === 'PGDMP') return 'pg_dump';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/** Says why `file` cannot be restored into `engine`, or nothing when it can. */
export function formatProblem(options: {
  file: string;
  format: BackupFormat;
  engine: 'pglite' | 'postgres';
}): string | undefined {
  const { file, format, engine } = options;
  if (format === 'unknown')
    return `${file} is neither a Tradeport PGlite backup (.tar.gz) nor a pg_dump custom-format archive.`;
  if (engine === 'pglite' && format === 'pg_dump')
    return `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`;
  if (engine === 'postgres' && format === 'pglite')
    return `${file} is an embedded-database (PGlite) backup: unset DATABASE_URL to restore it into DATA_DIR.`;
  return undefined;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
