import type { Database } from '../db/client.ts';
import { schemaIsCurrent } from '../db/migrate.ts';

export type NotReady = { ready: false; reason: string };

/**
 * Whether this process should be sent traffic: a load balancer's readiness probe
 * (GET /api/v1/ready). Starting (until main.ts has migrated, seeded and started the workers) and
 * stopping (from SIGTERM, while in-flight requests finish) are this process's own state; the
 * database's answer and schema are asked each time.
 */
export type Readiness = {
  /** From SIGTERM on: new requests are turned away (app.ts) while in-flight ones finish. */
  readonly stopping: boolean;
  markReady(): void;
  markStopping(): void;
  check(): Promise<{ ready: true } | NotReady>;
};

export function createReadiness(database: Database): Readiness {
  let state: 'starting' | 'ready' | 'stopping' = 'starting';
  return {
    get stopping() {
      return state === 'stopping';
    },
    markReady: () => {
      if (state === 'starting') state = 'ready';
    },
    markStopping: () => {
      state = 'stopping';
    },
    async check() {
      if (state === 'starting') return { ready: false, reason: 'Tradeport is still starting.' };
      if (state === 'stopping') return { ready: false, reason: 'Tradeport is shutting down.' };
      try {
        if (!(await schemaIsCurrent(database)))
          return { ready: false, reason: 'The database schema is older than this version of Tradeport.' };
      } catch {
        return { ready: false, reason: 'The database is not answering.' };
      }
      return { ready: true };
    },
  };
}
