import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import {
  COPY_NOTE,
  countCopies,
  seededPgliteDump,
  startOrderWriter,
  tableChecksums,
} from './backup.testing.ts';
import { runBackup, runRestore } from './backup-commands.ts';
import { BACKUP_SOCKET_NAME, type BackupSocketLog, startBackupSocket } from './backup-socket.ts';
import { pgliteDirOf } from './pglite-backup.ts';

const quietLog: BackupSocketLog = { info() {}, warn() {}, error() {} };
const now = new Date('2025-03-14T09:26:53Z');

let root: string;
let seeded: Blob;
let counter = 0;

// With DATABASE_URL set the run has no migrated PGlite to copy, so this builds one from nothing
// (initdb, migrations, pg-boss) before seeding: well over the project's 60 s on a busy machine.
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-backup-'));
  seeded = await seededPgliteDump(now);
}, 180_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A DATA_DIR of its own for a test, optionally with the seeded database in it. */
async function dataDirWith(options: {
  database: boolean;
}): Promise<{ dataDir: string; database?: Database }> {
  const dataDir = path.join(root, `data-${(counter += 1)}`);
  if (!options.database) return { dataDir };
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDirOf(dataDir), loadDataDir: seeded });
  return { dataDir, database };
}

const lines: string[] = [];
const log = (line: string) => void lines.push(line);

// Each dump or load of the demo database (about 60 MB of files, gzipped) takes seconds, several
// times that on a busy 2-core machine: more than the project's 20 s for a test that does a few.
describe('PGlite backup and restore', { timeout: 60_000 }, () => {
  it('takes a backup through the running server while orders are placed, holding every order whole', async () => {
    const { dataDir, database } = await dataDirWith({ database: true });
    const socket = await startBackupSocket({ database: database!, dataDir, log: quietLog });
    const writer = startOrderWriter(database!);
    try {
      while (writer.committed() < 3) await new Promise((resolve) => setTimeout(resolve, 5));
      const committedWhenAsked = writer.committed();
      const file = await runBackup({
        config: { dataDir, databaseUrl: undefined },
        file: path.join(root, 'while-writing.tar.gz'),
        log,
        now,
      });
      const committedWhenAnswered = writer.committed();
      await writer.stop();
      // Orders were being placed all through the backup, or this test shows nothing.
      expect(committedWhenAnswered).toBeGreaterThan(committedWhenAsked);

      const restored = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([await readFile(file)]) });
      try {
        const { copies, incomplete } = await countCopies(restored.db);
        expect(incomplete).toBe(0);
        expect(copies).toBeGreaterThanOrEqual(committedWhenAsked);
        expect(copies).toBeLessThanOrEqual(committedWhenAnswered);
        // The check itself sees an order that lacks its lines.
        await restored.db.execute(
          sql`delete from order_lines where order_id = (select id from orders where notes = ${COPY_NOTE} limit 1)`,
        );
        expect((await countCopies(restored.db)).incomplete).toBe(1);
      } finally {
        await restored.close();
      }
    } finally {
      await writer.stop();
      await socket?.close();
      await database!.close();
    }
  });

  it('restores a backup of the running server over a changed database, keeping the replaced one', async () => {
    const { dataDir, database } = await dataDirWith({ database: true });
    const socket = await startBackupSocket({ database: database!, dataDir, log: quietLog });
    let replaced: Awaited<ReturnType<typeof tableChecksums>>;
    let backedUp: Awaited<ReturnType<typeof tableChecksums>>;
    let file: string;
    try {
      backedUp = await tableChecksums(database!.db);
      file = await runBackup({
        config: { dataDir, databaseUrl: undefined },
        file: path.join(root, 'running.tar.gz'),
        log,
        now,
      });
      const writer = startOrderWriter(database!);
      while (writer.committed() < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      await writer.stop();
      replaced = await tableChecksums(database!.db);
    } finally {
      await socket?.close();
      await database!.close();
    }
    expect(backedUp['public.orders']!.count).toBeGreaterThan(0);
    expect(backedUp['pgboss.version']!.count).toBe(1);
    expect(replaced['public.orders']).not.toEqual(backedUp['public.orders']);

    await runRestore({ config: { dataDir, databaseUrl: undefined }, file, log, now });

    const restored = await openDatabase({ kind: 'pglite', dataDir: pgliteDirOf(dataDir) });
    try {
      expect(await tableChecksums(restored.db)).toEqual(backedUp);
    } finally {
      await restored.close();
    }
    const kept = pgliteDirOf(dataDir) + '.before-restore-2025-03-14T09-26-53Z';
    const previous = await openDatabase({ kind: 'pglite', dataDir: kept });
    try {
      expect(await tableChecksums(previous.db)).toEqual(replaced);
    } finally {
      await previous.close();
    }
    expect(lines.at(-1)).toContain(kept);
  });

  it('backs up a stopped server by opening its data dir, and restores into an empty DATA_DIR', async () => {
    const { dataDir, database } = await dataDirWith({ database: true });
    const backedUp = await tableChecksums(database!.db);
    await database!.close();
    const file = path.join(root, 'direct.tar.gz');

    await runBackup({ config: { dataDir, databaseUrl: undefined }, file, log, now });
    expect(lines.some((line) => line.startsWith(`No server is running on ${dataDir}`))).toBe(true);
    // The socket it held while the database was open is gone with it.
    expect(await readdir(dataDir)).toEqual(['pglite']);

    const empty = await dataDirWith({ database: false });
    await runRestore({ config: { dataDir: empty.dataDir, databaseUrl: undefined }, file, log, now });
    expect(await readdir(empty.dataDir)).toEqual(['pglite']);
    expect((await stat(pgliteDirOf(empty.dataDir))).mode & 0o777).toBe(0o700);
    const restored = await openDatabase({ kind: 'pglite', dataDir: pgliteDirOf(empty.dataDir) });
    try {
      expect(await tableChecksums(restored.db)).toEqual(backedUp);
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore while the server answers on the data dir, changing nothing', async () => {
    const { dataDir, database } = await dataDirWith({ database: true });
    // Refused before it is read: any gzip file will do.
    const file = path.join(root, 'while-running.tar.gz');
    await writeFile(file, gzipSync(Buffer.from('refused unread')));
    const socket = await startBackupSocket({ database: database!, dataDir, log: quietLog });
    try {
      const before = (await readdir(dataDir)).sort();
      await expect(
        runRestore({ config: { dataDir, databaseUrl: undefined }, file, log, now }),
      ).rejects.toThrow(/is using .* Stop it, then run the restore again/);
      expect((await readdir(dataDir)).sort()).toEqual(before);
      expect(before).toEqual([BACKUP_SOCKET_NAME, 'pglite']);
      // Still serving: the refusal did not take its socket.
      await database!.ping();
      const again = path.join(root, 'still-serving.tar.gz');
      await expect(
        runBackup({ config: { dataDir, databaseUrl: undefined }, file: again, log, now }),
      ).resolves.toBe(again);
      // Never over an existing file: it may be the only good backup.
      const { ino } = await stat(again);
      await expect(
        runBackup({ config: { dataDir, databaseUrl: undefined }, file: again, log, now }),
      ).rejects.toThrow(/still-serving\.tar\.gz already exists/);
      expect((await stat(again)).ino).toBe(ino);
    } finally {
      await socket?.close();
      await database!.close();
    }
  });

  it('refuses files that are not PGlite backups of Tradeport, changing nothing', async () => {
    const { dataDir } = await dataDirWith({ database: false });
    const dump = path.join(root, 'not-pglite.pgdump');
    await writeFile(dump, 'PGDMP\u0001\u000e\u0000');
    await expect(
      runRestore({ config: { dataDir, databaseUrl: undefined }, file: dump, log, now }),
    ).rejects.toThrow(/is a PostgreSQL backup \(pg_dump\): set DATABASE_URL/);
    const junk = path.join(root, 'junk.tar.gz');
    await writeFile(junk, gzipSync(Buffer.from('not a tarball')));
    await expect(
      runRestore({ config: { dataDir, databaseUrl: undefined }, file: junk, log, now }),
    ).rejects.toThrow(/could not be opened|not Tradeport's/);
    // Nothing left behind but an empty data dir: neither a half-loaded folder nor a database.
    expect(await readdir(dataDir)).toEqual([]);
  });
});
