import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { assertNewFile, BackupError, type BackupLog, defaultBackupFile } from './backup-files.ts';
import { backupPglite, restorePglite } from './pglite-backup.ts';
import { backupPostgres, type Env, restorePostgres } from './postgres-backup.ts';

/** What the commands need of the server's configuration: which database it uses. */
export type BackupTarget = Pick<Config, 'dataDir' | 'databaseUrl'>;

/**
 * Backs up the database the server would use (DATABASE_URL, else the embedded one in DATA_DIR) to
 * `file`, by default backups/tradeport-<engine>-<time>.<ext>. Resolves with the file written.
 */
export async function runBackup(options: {
  config: BackupTarget;
  file?: string;
  env?: Env;
  log: BackupLog;
  now?: Date;
}): Promise<string> {
  const { config, log } = options;
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const file = options.file ?? defaultBackupFile({ kind, now: options.now ?? new Date() });
  // Before any work: a large database's dump takes a while to be refused at the end.
  await assertNewFile(file);
  if (config.databaseUrl) {
    await backupPostgres({ url: config.databaseUrl, file, env: options.env ?? process.env, log });
  } else {
    await backupPglite({ dataDir: config.dataDir, file, log });
  }
  return file;
}

/** Restores `file` into the database the server would use; the engine must match the file's. */
export async function runRestore(options: {
  config: BackupTarget;
  file: string;
  env?: Env;
  log: BackupLog;
  now?: Date;
}): Promise<void> {
  const { config, file, log } = options;
  if (config.databaseUrl) {
    await restorePostgres({ url: config.databaseUrl, file, env: options.env ?? process.env, log });
  } else {
    await restorePglite({ dataDir: config.dataDir, file, log, now: options.now ?? new Date() });
  }
}

const EXIT_CONFIG = 78; // EX_CONFIG from sysexits.h, as main.ts exits on a bad configuration

/**
 * The CLIs' shared frame: the server's configuration, one optional file argument, and errors a
 * person can act on printed as a sentence rather than a stack.
 */
export async function runCli(options: {
  usage: string;
  run(input: { config: BackupTarget; file: string | undefined }): Promise<void>;
}): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(options.usage);
    return;
  }
  const unknown = args.filter((arg) => arg.startsWith('-'));
  if (unknown.length > 0 || args.length > 1) {
    console.error(
      `${unknown.length > 0 ? `Unknown option ${unknown[0]}` : 'One file at most'}.\n${options.usage}`,
    );
    process.exitCode = 2;
    return;
  }
  let config: BackupTarget;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = EXIT_CONFIG;
    return;
  }
  // npm runs scripts from the repository root; a file named on the command line means the one
  // where it was typed (INIT_CWD), as any other command would take it.
  const file = args[0] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]) : undefined;
  try {
    await options.run({ config, file });
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
