import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';
import { holdsNul, withValuesInlined } from './statement-caching-client.ts';

// A transaction whose last statement commits it in the same round trip, holding its locks no
// longer than that statement and the commit. Placing an order takes the merchant's counter row in
// its last statement, and every concurrent placing of that merchant waits for the row until this
// transaction ends. Measured on the large data set at 20 connections, two things kept it locked:
// - a COMMIT sent apart waited for the statement's answer to cross to the API, and for the API's
//   busy event loop to take it up and send the COMMIT back;
// - the COMMIT itself waited for the write-ahead log to reach the disk (an fsync), and each
//   placing's commit waited on its own, the lock letting no two share one.
// So the statement, COMMIT and a durable commit after it go as one message: the transaction
// commits without waiting for the disk (synchronous_commit off, for it alone), which releases the
// lock; then an empty transaction that takes an id commits as every other does, waiting until the
// log is on disk up to its own commit, and so past this one's. The answer comes only after that:
// whoever placed the order hears of it once it is as durable as any commit. Should PostgreSQL stop
// in between, the order is lost with everything after it in the log (numbers stay without gaps),
// and its client, which never got its answer, retries with its Idempotency-Key.
// Recording a payment is the same but for where its counter is taken: by a trigger deferred to the
// commit (migration 0020), so it commits the same way without a last statement.

/** A drizzle prepared statement: what `.prepare(name)` and preparedForAny give. */
type Prepared<Rows> = { execute(values?: Record<string, unknown>): Promise<Rows> };

/** Runs `statement` as the transaction's last, and commits the transaction with it. */
export type CommitWith = <Rows>(statement: Prepared<Rows>, values?: Record<string, unknown>) => Promise<Rows>;

type QueryConfig = { text: string; rowMode?: 'array'; types?: unknown };

/**
 * A stand-in for the transaction's connection that sends the statement, its values written in,
 * with the commit described above, as one simple-protocol query; and answers with the statement's
 * result, as the prepared statement expects of its client. The simple protocol is what lets
 * several commands travel as one message; it takes no parameters, hence the values written in.
 */
function committingClient(client: pg.PoolClient) {
  return {
    async query(config: QueryConfig, values: unknown[] = []) {
      // PostgreSQL's text cannot hold one either: refused as a parameter would be (22021), whole.
      if (values.some(holdsNul)) {
        throw Object.assign(new Error('A value holds a NUL byte'), { code: '22021' });
      }
      const results = (await client.query({
        text: committing(withValuesInlined(config.text, values)),
        rowMode: config.rowMode,
        types: config.types,
      } as pg.QueryConfig)) as unknown as pg.QueryResult[];
      return results[1]!;
    },
  };
}

/**
 * `statement` (if any), then the commit described at the top, as one query's text: the
 * transaction commits without waiting for the disk, which releases its locks, and the query's
 * own implicit transaction after it, which takes an id, commits durably.
 */
const committing = (statement?: string) =>
  [
    'set local synchronous_commit = off',
    ...(statement ? [statement] : []),
    'commit',
    'select pg_current_xact_id()',
  ].join(';\n');

/**
 * The transaction handle of each pool connection, made once: it holds nothing of one transaction
 * (drizzle's is a session over the connection and a query builder for every table, whose making
 * was a percent of the API's CPU in placing), and a connection runs one transaction at a time.
 */
const transactions = new WeakMap<pg.PoolClient, Db>();

/**
 * Runs `work` in a transaction, giving it `commitWith` for its last statement: that statement and
 * the COMMIT go to PostgreSQL together. When `work` returns without calling it, the transaction
 * commits the same way, in a round trip of its own: its locks (a row a deferred trigger takes at
 * the commit, say) are released before the disk write, and the answer waits for it. When `work`
 * throws, the transaction rolls back, unless the committing statement already ended it.
 * `commitWith` must be the work's last statement. On PGlite the statement runs as any other and
 * the transaction commits after it: PGlite runs in the API's process, with no round trip to save.
 * So it does when `db` is a transaction already: the work is a savepoint of it.
 */
export async function committingTransaction<T>(
  db: Db,
  work: (tx: Db, commitWith: CommitWith) => Promise<T>,
): Promise<T> {
  // What drizzle keeps private: the pool, and what a session over one of its connections needs.
  const session = db._.session as unknown as { client: unknown; schema: never; options: never };
  if (!(db._.session instanceof NodePgSession) || !(session.client instanceof pg.Pool)) {
    // PGlite; or a transaction already (`db` is one, or a single connection's): a transaction
    // inside it is a savepoint, which the outer one commits, so the statement runs as any other.
    return db.transaction((tx) => work(tx, (statement, values) => statement.execute(values)));
  }
  const client = await session.client.connect();
  let tx = transactions.get(client);
  if (!tx) {
    // As drizzle's own NodePgSession.transaction makes one, on this connection of the pool.
    const dialect = (db as unknown as { dialect: never }).dialect;
    tx = new NodePgTransaction(
      dialect,
      new NodePgSession(client, dialect, session.schema, session.options),
      session.schema,
    ) as unknown as Db;
    transactions.set(client, tx);
  }
  let ended = false;
  let broken: Error | undefined;
  const commitWith: CommitWith = async (statement, values) => {
    if (ended) throw new Error('The transaction was committed already');
    // Once it answers, the transaction is committed. Refused, it is left aborted (or rolled back,
    // when the COMMIT itself was refused), for the catch below to end.
    const onCommittingClient = Object.assign(Object.create(statement) as typeof statement, {
      client: committingClient(client),
    });
    const rows = await onCommittingClient.execute(values);
    ended = true;
    return rows;
  };
  try {
    await client.query('begin');
    const result = await work(tx, commitWith);
    if (!ended) await client.query(committing());
    return result;
  } catch (error) {
    // A committing statement that failed left its transaction aborted (its COMMIT never ran), or
    // rolled back (the COMMIT itself refused, as a deferred constraint does): ROLLBACK ends the
    // first and merely warns on the second.
    if (!ended) {
      await client.query('rollback').catch((failure: Error) => {
        broken = failure;
      });
    }
    throw error;
  } finally {
    // A connection that could not even roll back is dropped, not handed to the next request.
    client.release(broken);
  }
}
