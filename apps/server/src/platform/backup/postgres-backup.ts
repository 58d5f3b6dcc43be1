import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { type Database, openDatabase } from '../db/client.ts';
import { countAppliedMigrations, countOtherSessions } from './backup.queries.ts';
import {
  BackupError,
  type BackupLog,
  createBackupFile,
  formatBytes,
  formatProblem,
  readBackupFormat,
} from './backup-files.ts';

export type Env = Record<string, string | undefined>;

type Tool = { name: 'pg_dump' | 'pg_restore'; variable: 'PG_DUMP' | 'PG_RESTORE' };
const PG_DUMP: Tool = { name: 'pg_dump', variable: 'PG_DUMP' };
const PG_RESTORE: Tool = { name: 'pg_restore', variable: 'PG_RESTORE' };

/**
 * The URL without its password for libpq's --dbname, the password through PGPASSWORD: a command
 * line is visible to every user of the machine (ps), a process's environment is not.
 */
function connectionOf(url: string, env: Env): { dbname: string; env: Env; shown: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const shown = `${parsed.host}${parsed.pathname}`;
  return { dbname: parsed.toString(), env: password ? { ...env, PGPASSWORD: password } : env, shown };
}

// Enough of a failing tool's stderr to say why, without flooding the terminal.
const STDERR_LIMIT = 8_000;

/** Runs pg_dump or pg_restore (or what PG_DUMP / PG_RESTORE name); rejects with its stderr. */
function runTool(options: { tool: Tool; args: string[]; env: Env }): Promise<void> {
  const { tool, args, env } = options;
  const command = env[tool.variable] || tool.name;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') return reject(error);
      reject(
        new BackupError(
          `${command} was not found. Install the PostgreSQL client tools of the server's major version ` +
            `or newer (Debian and Ubuntu: apt install postgresql-client), or set ${tool.variable} to its path.`,
        ),
      );
    });
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const hint = stderr.includes('version mismatch')
        ? `\nInstall ${tool.name} of the server's major version or newer and set ${tool.variable} to its path.`
        : '';
      reject(
        new BackupError(`${tool.name} failed (${signal ?? `exit code ${code}`}):\n${stderr.trim()}${hint}`),
      );
    });
  });
}

async function withDatabase<T>(url: string, work: (database: Database) => Promise<T>): Promise<T> {
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    await database.ping();
  } catch (error) {
    throw new BackupError(`Cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * pg_dump's custom format: compressed, restorable table by table, and consistent by itself (one
 * repeatable-read snapshot), so the servers keep running while it reads.
 */
export async function backupPostgres(options: { url: string; file: string; env: Env; log: BackupLog }) {
  const { file, log } = options;
  const connection = connectionOf(options.url, options.env);
  log(`Dumping ${connection.shown} with pg_dump…`);
  await createBackupFile(file, (partial) =>
    runTool({
      tool: PG_DUMP,
      args: ['--format=custom', `--file=${partial}`, `--dbname=${connection.dbname}`],
      env: connection.env,
    }),
  );
  log(`Backup written to ${file} (${formatBytes((await stat(file)).size)}).`);
}

/**
 * Replaces the database's contents with the backup's, in one transaction: it fails whole or
 * succeeds whole. --clean --if-exists drops what the backup holds before creating it again, so it
 * restores into an empty database or over an existing Tradeport one alike; --no-owner makes the
 * restoring user the owner, as the user that took the backup may not exist here.
 */
export async function restorePostgres(options: { url: string; file: string; env: Env; log: BackupLog }) {
  const { file, log } = options;
  const problem = formatProblem({ file, format: await readBackupFormat(file), engine: 'postgres' });
  if (problem) throw new BackupError(problem);
  const connection = connectionOf(options.url, options.env);

  const others = await withDatabase(options.url, (database) => countOtherSessions(database.db));
  if (others > 0) {
    log(
      `Warning: ${others} other connection(s) to ${connection.shown} are open, a Tradeport server perhaps. ` +
        'The restore waits for their locks, and they see the database change under them: stop the ' +
        'servers first.',
    );
  }
  log(`Restoring ${file} into ${connection.shown} with pg_restore…`);
  await runTool({
    tool: PG_RESTORE,
    args: [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${connection.dbname}`,
      file,
    ],
    env: connection.env,
  });
  const migrations = await withDatabase(options.url, (database) => countAppliedMigrations(database.db));
  if (migrations === undefined) {
    throw new BackupError(`pg_restore finished, but ${connection.shown} has no Tradeport migrations table.`);
  }
  log(
    `Restored ${file} into ${connection.shown} (${migrations} migrations applied; the server applies any ` +
      'newer ones when it starts).',
  );
}
