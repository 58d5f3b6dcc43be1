import { type PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';
import { routeStatement } from './statement-caching-client.ts';

// PGlite's own query() parses, describes and plans every statement afresh, in six calls into its
// backend (parse, describe, bind, describe, execute, sync). A page of orders took 1.6 ms that way
// and 0.9 ms prepared. So statements are routed as the pool's connections route them
// (statement-caching-client.ts): a statement drizzle or pg-boss runs again is prepared once under
// its name and then each run is one call (bind, execute, sync) on the kept generic plan; one whose
// plan depends on its values is sent with them written in, and it and any statement without
// values is one call too (parse, bind, describe, execute, sync). The database runs with
// plan_cache_mode=force_generic_plan, as the pool's connections do, so both engines plan alike.

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Query = PGlite['query'];
type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Result = Awaited<ReturnType<Query>>;

/** A statement prepared in this database's session: its parameters' types and its row shape. */
type Prepared = { parameterTypes: number[]; rowDescription: Message | undefined };

/** PostgreSQL's codes for a prepared statement gone stale or missing (after DDL, say). */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/** The error as PGlite's query() throws it: the statement and its values named on it. */
function withStatement(error: unknown, text: string, values: unknown[], options: QueryOptions | undefined) {
  if (error instanceof Error && 'severity' in error)
    Object.assign(error, { query: text, params: values, queryOptions: options });
  return error;
}

/**
 * Makes `client` (and each transaction it opens) route statements as described above. PGlite's
 * own query() still runs whatever carries options this does not handle (a blob, given types).
 */
export async function keepStatementsPrepared(client: PGlite): Promise<void> {
  await client.exec('set plan_cache_mode = force_generic_plan');
  const prepared = new Map<string, Prepared>();
  /** Every name routed here, prepared or about to be (routeStatement counts them). */
  const named = new Set<string>();
  const { serialize } = protocol;

  const call = (message: Uint8Array, options: QueryOptions | undefined) =>
    client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });

  async function prepare(name: string, text: string, options: QueryOptions | undefined) {
    // Closed first: a statement of this name left from before it went stale is replaced.
    const answer = await call(
      Buffer.concat([
        serialize.close({ type: 'S', name }),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      options,
    );
    const statement = {
      parameterTypes: parse.parseDescribeStatementResults(answer),
      rowDescription: answer.find((message) => message.name === 'rowDescription'),
    };
    prepared.set(name, statement);
    return statement;
  }

  /**
   * A result as PGlite's query() makes it, without its cost: given a caller's parsers (drizzle
   * passes four with every query), parseResults copies PGlite's whole map of ~400 parsers into a
   * new object first, 0.1 ms a statement. Here the caller's few are looked up before PGlite's,
   * which sit behind them as their prototype.
   */
  function resultOf(messages: Message[], options: QueryOptions | undefined): Result {
    const parsers = options?.parsers
      ? (Object.setPrototypeOf({ ...options.parsers }, client.parsers) as typeof client.parsers)
      : client.parsers;
    return parse.parseResults(messages, parsers, { rowMode: options?.rowMode })[0] as Result;
  }

  async function runNamed(name: string, text: string, values: unknown[], options: QueryOptions | undefined) {
    const statement = prepared.get(name) ?? (await prepare(name, text, options));
    const serialized = values.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const answer = await call(
      Buffer.concat([
        serialize.bind({ statement: name, values: serialized as string[] }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      options,
    );
    // The rows' shape as described when prepared: no describe on every run.
    return resultOf(statement.rowDescription ? [statement.rowDescription, ...answer] : answer, options);
  }

  /** A statement without parameters, planned for what it holds: one call, nothing kept. */
  async function runUnnamed(text: string, options: QueryOptions | undefined) {
    const answer = await call(
      Buffer.concat([
        serialize.parse({ text }),
        serialize.bind({}),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      options,
    );
    return resultOf(answer, options);
  }

  /** `run` with the database to itself, as PGlite's query() runs a statement. */
  async function exclusively(isInTransaction: boolean, run: () => Promise<Result>) {
    if (isInTransaction) return client._runExclusiveQuery(run);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await run();
        // As query() does after a statement outside a transaction.
        await client.syncToFs();
        return result;
      }),
    );
  }

  function routed(plainQuery: Query, isInTransaction: boolean, isOpen: () => void): Query {
    return async function query(text, values = [], options) {
      isOpen();
      if (options?.blob || options?.paramTypes) return plainQuery(text, values, options);
      // Drizzle passes its parsers; pg-boss, a bare text and its values.
      const route =
        values.length === 0
          ? { inlined: text }
          : routeStatement(text, values, { isDrizzle: options?.parsers !== undefined, named });
      if (!route) return plainQuery(text, values, options);
      const run = async (): Promise<Result> => {
        if ('inlined' in route) return runUnnamed(route.inlined, options);
        try {
          return await runNamed(route.name, text, values, options);
        } catch (error) {
          if (!STALE_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
          // Prepared again on its next run; this one is run again only outside a transaction,
          // which the error has not aborted.
          prepared.delete(route.name);
          if (isInTransaction) throw error;
          return runNamed(route.name, text, values, options);
        }
      };
      try {
        return await exclusively(isInTransaction, run);
      } catch (error) {
        throw withStatement(error, text, values, options);
      }
    } as Query;
  }

  const plainQuery = client.query.bind(client);
  client.query = routed(plainQuery, false, () => {});
  const plainTransaction = client.transaction.bind(client);
  client.transaction = (work) =>
    plainTransaction((tx: Transaction) => {
      const query = tx.query.bind(tx);
      tx.query = routed(query, true, () => {
        if (tx.closed) throw new Error('Transaction is closed');
      });
      return work(tx);
    });
}
