import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('openDatabase on PostgreSQL', () => {
  it('starts every connection without parallel workers or JIT, on generic plans, and keeps the pool size asked for', async () => {
    // The pool connects lazily: nothing here reaches a server.
    const database = await openDatabase({
      kind: 'postgres',
      url: 'postgres://nobody@127.0.0.1:1/none',
      poolSize: 7,
    });
    try {
      const pool = (database.db as unknown as { $client: pg.Pool & { options: pg.PoolConfig } }).$client;
      expect(pool.options.options?.split(/\s+/)).toEqual([
        '-c',
        'max_parallel_workers_per_gather=0',
        '-c',
        'jit=off',
        '-c',
        'plan_cache_mode=force_generic_plan',
      ]);
      expect(pool.options.max).toBe(7);
    } finally {
      await database.close();
    }
  });
});
