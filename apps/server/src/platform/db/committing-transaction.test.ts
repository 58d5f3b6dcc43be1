import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.ts';
import type { Database } from './client.ts';
import { committingTransaction } from './committing-transaction.ts';
import { createProbes, insertProbe, probes } from './committing-transaction.testing.ts';
import { uniqueViolation } from './database-errors.ts';

// On both engines (`npm test` runs PGlite, the second pass PostgreSQL). What only PostgreSQL's
// path does, committing when the statement answers, is committing-transaction-postgres.test.ts.

const idsIn = async (database: Database) =>
  (await database.db.select({ id: probes.id }).from(probes).orderBy(probes.id)).map((row) => row.id);

describe('committingTransaction', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await createProbes(database);
  });

  afterAll(async () => {
    await drop();
  });

  it('commits the work with its last statement, whose rows come back as drizzle maps them', async () => {
    const at = new Date('2026-12-07T01:02:03.456Z');
    const returned = await committingTransaction(database.db, async (tx, commitWith) => {
      await tx.insert(probes).values({ id: 1, note: 'before', at });
      return commitWith(insertProbe(tx), { id: 2, note: "O'Brien's \\ order", at });
    });
    expect(returned).toEqual([{ id: 2, note: "O'Brien's \\ order", at }]);
    expect(await idsIn(database)).toEqual([1, 2]);
  });

  it('rolls the whole transaction back when its committing statement is refused, and goes on serving', async () => {
    const at = new Date();
    const failure = await committingTransaction(database.db, async (tx, commitWith) => {
      await tx.insert(probes).values({ id: 10, note: 'written first', at });
      // Id 1 is taken: the statement, and so the COMMIT sent with it, fails.
      return commitWith(insertProbe(tx), { id: 1, note: 'duplicate', at });
    }).catch((error: unknown) => error);
    expect(uniqueViolation(failure)).toBe('commit_probes_pkey');
    expect(await idsIn(database)).toEqual([1, 2]);
    // The connection went back to the pool out of any transaction: the next one commits.
    await committingTransaction(database.db, (tx, commitWith) =>
      commitWith(insertProbe(tx), { id: 11, note: 'after', at }),
    );
    expect(await idsIn(database)).toEqual([1, 2, 11]);
  });

  it('commits work that never calls commitWith, and rolls back work that throws', async () => {
    const at = new Date();
    await committingTransaction(database.db, (tx) => tx.insert(probes).values({ id: 20, note: 'plain', at }));
    const thrown = await committingTransaction(database.db, async (tx) => {
      await tx.insert(probes).values({ id: 21, note: 'undone', at });
      throw new Error('changed its mind');
    }).catch((error: Error) => error.message);
    expect(thrown).toBe('changed its mind');
    expect(await idsIn(database)).toEqual([1, 2, 11, 20]);
    await database.db.delete(probes).where(eq(probes.id, 20));
  });
  it('inside a transaction already, is a savepoint of it, committed with it', async () => {
    const at = new Date();
    await database.db.transaction(async (outer) => {
      await committingTransaction(outer, (tx, commitWith) =>
        commitWith(insertProbe(tx), { id: 30, note: 'kept', at }),
      );
      const undone = await committingTransaction(outer, async (tx) => {
        await tx.insert(probes).values({ id: 31, note: 'undone', at });
        throw new Error('undone');
      }).catch((error: Error) => error.message);
      expect(undone).toBe('undone');
    });
    expect(await idsIn(database)).toEqual([1, 2, 11, 30]);
  });
});
