import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.ts';
import type { Database } from './client.ts';
import { committingTransaction } from './committing-transaction.ts';
import { isRefusedInput } from './database-errors.ts';
import { createProbes, insertProbe, probes } from './committing-transaction.testing.ts';

// PostgreSQL only (the second pass of .ci/run; vitest.config.ts leaves it out of PGlite's): PGlite
// has one connection, in the API's process, and commits after the work as any transaction does.

describe('committingTransaction on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    if (database.kind !== 'postgres') throw new Error('This file runs on PostgreSQL (DATABASE_URL)');
    await createProbes(database);
  });

  afterAll(async () => {
    await drop();
  });

  it('has committed once its statement answers: another connection sees the rows before the work returns', async () => {
    const at = new Date();
    const seenMeanwhile = await committingTransaction(database.db, async (tx, commitWith) => {
      await tx.insert(probes).values({ id: 1, note: 'first', at });
      await commitWith(insertProbe(tx), { id: 2, note: 'last', at });
      // The pool's other connection: no COMMIT has been sent apart from the statement.
      return (await database.db.select({ id: probes.id }).from(probes).orderBy(probes.id)).map(
        (row) => row.id,
      );
    });
    expect(seenMeanwhile).toEqual([1, 2]);
  });

  it('refuses a value holding a NUL byte as PostgreSQL refuses one, and writes nothing', async () => {
    const at = new Date();
    const failure = await committingTransaction(database.db, async (tx, commitWith) => {
      await tx.insert(probes).values({ id: 5, note: 'before', at });
      return commitWith(insertProbe(tx), { id: 6, note: 'a\0b', at });
    }).catch((error: unknown) => error);
    expect(isRefusedInput(failure)).toBe(true);
    const ids = (await database.db.select({ id: probes.id }).from(probes)).map((row) => row.id);
    expect(ids).not.toContain(5);
  });

  it('refuses a second committing statement in one transaction', async () => {
    const at = new Date();
    const refusal = await committingTransaction(database.db, async (tx, commitWith) => {
      await commitWith(insertProbe(tx), { id: 3, note: 'committed', at });
      return commitWith(insertProbe(tx), { id: 4, note: 'too late', at });
    }).catch((error: Error) => error.message);
    expect(refusal).toMatch(/committed already/);
  });
});
