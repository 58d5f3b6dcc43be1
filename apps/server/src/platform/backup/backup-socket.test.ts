import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { PGLITE_DUMP_ENV } from '../../testing/test-database.ts';
import { defaultBackupFile } from './backup-files.ts';
import {
  backupSocketPath,
  type BackupSocketLog,
  probeBackupSocket,
  requestBackup,
  startBackupSocket,
} from './backup-socket.ts';

let root: string;
let database: Database;
let counter = 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-backup-socket-'));
  // In memory, and the run's migrated copy only when there is one (not when DATABASE_URL is set):
  // the socket needs a database that can dump itself, not our schema, nor where it keeps its files.
  const dumpPath = process.env[PGLITE_DUMP_ENV];
  database = await openDatabase(
    dumpPath ? { kind: 'pglite', loadDataDir: new Blob([await readFile(dumpPath)]) } : { kind: 'pglite' },
  );
  await database.db.execute(sql`create table backup_marker as select 'taken' as said`);
});

afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dataDir = path.join(root, `d${(counter += 1)}`);
  await mkdir(dataDir);
  return dataDir;
}

/** Records what the socket logs, to read back. */
function recordingLog() {
  const entries: { level: string; msg: string }[] = [];
  const log: BackupSocketLog = {
    info: (_obj, msg) => void entries.push({ level: 'info', msg }),
    warn: (_obj, msg) => void entries.push({ level: 'warn', msg }),
    error: (_obj, msg) => void entries.push({ level: 'error', msg }),
  };
  return { log, entries };
}

function ask(socketPath: string, method: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method, path: url, agent: false }, async (response) => {
      resolve({ status: response.statusCode!, body: (await buffer(response)).toString('utf8') });
    });
    request.on('error', reject);
    request.end();
  });
}

// A dump of even an empty PGlite database is about 40 MB of files to tar and gzip: seconds, more
// on a busy machine.
describe('backup socket', { timeout: 60_000 }, () => {
  it('answers POST /backup with a tarball that opens, to its owner alone, and goes away on close', async () => {
    const dataDir = await newDataDir();
    const socket = await startBackupSocket({ database, dataDir, log: recordingLog().log });
    expect(socket?.path).toBe(backupSocketPath(dataDir));
    expect((await stat(socket!.path)).mode & 0o777).toBe(0o600);
    // Nothing of the private folder it was bound in is left beside it.
    expect(await readdir(dataDir)).toEqual(['backup.sock']);

    const tarball = await buffer(await requestBackup(socket!.path));
    const copy = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([tarball]) });
    try {
      const { rows } = (await copy.db.execute(sql`select said from backup_marker`)) as unknown as {
        rows: { said: string }[];
      };
      expect(rows).toEqual([{ said: 'taken' }]);
    } finally {
      await copy.close();
    }

    expect(await ask(socket!.path, 'GET', '/backup')).toEqual({
      status: 405,
      body: JSON.stringify({
        error_code: 'METHOD_NOT_ALLOWED',
        message: 'Ask for a backup with POST /backup.',
      }),
    });
    expect((await ask(socket!.path, 'POST', '/restore')).status).toBe(404);

    await socket!.close();
    expect(await readdir(dataDir)).toEqual([]);
    expect(await probeBackupSocket(socket!.path)).toBe('absent');
  });

  it('replaces the socket file a killed server left behind', async () => {
    const dataDir = await newDataDir();
    const socketPath = backupSocketPath(dataDir);
    // A real process listening there, killed the way a crash or OOM kill would: no clean-up.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('ready'))`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await probeBackupSocket(socketPath)).toBe('stale');

    const { log, entries } = recordingLog();
    const socket = await startBackupSocket({ database, dataDir, log });
    try {
      expect(entries).toContainEqual({
        level: 'info',
        msg: 'replacing the backup socket a stopped process left behind',
      });
      expect(await probeBackupSocket(socketPath)).toBe('answering');
      expect((await buffer(await requestBackup(socketPath))).subarray(0, 2)).toEqual(
        Buffer.from([0x1f, 0x8b]),
      );
    } finally {
      await socket?.close();
    }
  });

  it('refuses to start while another process answers, leaving that one serving', async () => {
    const dataDir = await newDataDir();
    const first = await startBackupSocket({ database, dataDir, log: recordingLog().log });
    try {
      await expect(startBackupSocket({ database, dataDir, log: recordingLog().log })).rejects.toThrow(
        /Another process has the embedded database in .* open/,
      );
      expect((await ask(first!.path, 'GET', '/backup')).status).toBe(405);
    } finally {
      await first?.close();
    }
  });

  it('leaves a file that is not a socket alone', async () => {
    const dataDir = await newDataDir();
    await writeFile(backupSocketPath(dataDir), 'mine');
    await expect(startBackupSocket({ database, dataDir, log: recordingLog().log })).rejects.toThrow(
      /is not a socket; move it away/,
    );
    expect((await stat(backupSocketPath(dataDir))).isFile()).toBe(true);
  });

  it('offers nothing for PostgreSQL, which has pg_dump', async () => {
    // pg's pool connects on its first query; none is made here.
    const postgres = await openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    try {
      const dataDir = await newDataDir();
      expect(
        await startBackupSocket({ database: postgres, dataDir, log: recordingLog().log }),
      ).toBeUndefined();
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await postgres.close();
    }
  });

  it('says why, and offers nothing, when DATA_DIR is too long for a socket path', async () => {
    const dataDir = path.join(root, 'x'.repeat(120));
    await mkdir(dataDir);
    const { log, entries } = recordingLog();
    expect(await startBackupSocket({ database, dataDir, log })).toBeUndefined();
    expect(entries).toEqual([
      {
        level: 'warn',
        msg: expect.stringMatching(
          /^npm run backup cannot reach this server: .* bytes, over the 10[37] .*shorter DATA_DIR/,
        ),
      },
    ]);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('names default backup files by engine and time', () => {
    const now = new Date('2025-03-14T09:26:53.123Z');
    expect(path.relative(process.cwd(), defaultBackupFile({ kind: 'pglite', now }))).toBe(
      path.join('backups', 'tradeport-pglite-2025-03-14T09-26-53Z.tar.gz'),
    );
    expect(path.basename(defaultBackupFile({ kind: 'postgres', now }))).toBe(
      'tradeport-postgres-2025-03-14T09-26-53Z.pgdump',
    );
  });
});
