import type { AccountingLinkKind, AccountingProvider } from '@tradeport/contract';
import { and, eq, exists, inArray, notExists, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import { preparedForAny } from '../../platform/db/prepared-once.ts';
import {
  accountingLinks,
  customerAccounts,
  products,
  taxRules,
  users,
} from '../../platform/db/schema/index.ts';

// The links themselves: which customer, product or tax rule is which record of a provider's books.
// Every query names the merchant, the provider and the kind. A link names its record by id alone
// (one table for three kinds of record), so nothing removes it when the record goes: a link whose
// record is gone is treated as absent, and freed as soon as its book record is linked again.

export type LinkScope = { merchantId: string; provider: AccountingProvider; kind: AccountingLinkKind };

export type LinkRow = {
  localId: string;
  externalId: string;
  externalName: string;
  linkedAt: Date;
  linkedByName: string | null;
};

/** What a link may be made to: the external id and its name (an item's code) in the books. */
export type NewLink = { localId: string; externalId: string; externalName: string };

/** Most rows one insert carries: PostgreSQL takes at most 65,535 parameters a statement. */
const INSERT_CHUNK = 1_000;

/** The scope's values, or placeholders for a statement prepared once. */
const inScope = (scope: { [K in keyof LinkScope]: LinkScope[K] | Placeholder }) =>
  and(
    eq(accountingLinks.merchantId, scope.merchantId),
    eq(accountingLinks.provider, scope.provider),
    eq(accountingLinks.kind, scope.kind),
  );

/** The record each kind links, so a link can be told from one whose record is gone. */
const RECORDS = { CONTACT: customerAccounts, ITEM: products, TAX_RULE: taxRules } as const;

/** The link's record, as a subquery: empty when the record is gone. */
const recordOf = (db: Db, kind: AccountingLinkKind) => {
  const table = RECORDS[kind];
  return db
    .select({ one: sql`1` })
    .from(table)
    .where(and(eq(table.merchantId, accountingLinks.merchantId), eq(table.id, accountingLinks.localId)));
};

/**
 * The links of these records (at most one each). Prepared once: the sync asks it for every
 * invoice it sends (contactsFor, itemCodesFor), the ids as one array parameter.
 */
export async function findLinks(db: Db, scope: LinkScope & { localIds: readonly string[] }) {
  if (scope.localIds.length === 0) return [];
  const statement = preparedForAny(db, 'accounting_links_of_records', (db, name) =>
    db
      .select({
        localId: accountingLinks.localId,
        externalId: accountingLinks.externalId,
        externalName: accountingLinks.externalName,
        linkedAt: accountingLinks.updatedAt,
        linkedByName: users.name,
      })
      .from(accountingLinks)
      .leftJoin(users, eq(users.id, accountingLinks.linkedByUserId))
      .where(
        and(
          inScope({
            merchantId: sql.placeholder('merchantId'),
            provider: sql.placeholder('provider'),
            kind: sql.placeholder('kind'),
          }),
          sql`${accountingLinks.localId} = any(${sql.placeholder('ids')}::uuid[])`,
        ),
      )
      .prepare(name),
  );
  const rows: LinkRow[] = await statement.execute({
    merchantId: scope.merchantId,
    provider: scope.provider,
    kind: scope.kind,
    ids: [...new Set(scope.localIds)],
  });
  return rows;
}

/**
 * Which of these book records are linked, and to what: those left out are free to link or to
 * suggest. Bounded by the ids asked (what was read from the books).
 */
export async function linksToExternal(db: Db, scope: LinkScope & { externalIds: readonly string[] }) {
  const taken = new Map<string, string>();
  const ids = [...new Set(scope.externalIds)];
  for (let at = 0; at < ids.length; at += INSERT_CHUNK) {
    const rows = await db
      .select({ externalId: accountingLinks.externalId, localId: accountingLinks.localId })
      .from(accountingLinks)
      .where(
        and(
          inScope(scope),
          inArray(accountingLinks.externalId, ids.slice(at, at + INSERT_CHUNK)),
          exists(recordOf(db, scope.kind)),
        ),
      );
    for (const row of rows) taken.set(row.externalId, row.localId);
  }
  return taken;
}

/** Links whose record is gone give their book records back (see the top of the file). */
async function releaseOrphans(db: Db, scope: LinkScope & { externalIds: readonly string[] }) {
  if (scope.externalIds.length === 0) return;
  await db
    .delete(accountingLinks)
    .where(
      and(
        inScope(scope),
        inArray(accountingLinks.externalId, [...scope.externalIds]),
        notExists(recordOf(db, scope.kind)),
      ),
    );
}

/**
 * Links one record, replacing its link if it had one. 'taken': the book record is linked to
 * another of the merchant's records (the unique key says so, also against a link made meanwhile).
 */
export async function saveLink(
  db: Db,
  scope: LinkScope & NewLink & { userId: string | null; now: Date },
): Promise<'saved' | 'taken'> {
  await releaseOrphans(db, { ...scope, externalIds: [scope.externalId] });
  const change = {
    externalId: scope.externalId,
    externalName: scope.externalName,
    linkedByUserId: scope.userId,
    updatedAt: scope.now,
  };
  try {
    await db
      .insert(accountingLinks)
      .values({
        merchantId: scope.merchantId,
        provider: scope.provider,
        kind: scope.kind,
        localId: scope.localId,
        ...change,
      })
      .onConflictDoUpdate({
        target: [
          accountingLinks.merchantId,
          accountingLinks.provider,
          accountingLinks.kind,
          accountingLinks.localId,
        ],
        set: change,
      });
    return 'saved';
  } catch (error) {
    if (uniqueViolation(error) === 'accounting_links_external_key') return 'taken';
    throw error;
  }
}

/**
 * Links records that have no link yet; a record linked meanwhile, or a book record taken
 * meanwhile, is skipped rather than failing the rest (two jobs linking one customer at once both
 * succeed, and the first link stands). The local ids linked.
 */
export async function insertLinks(
  db: Db,
  scope: LinkScope & { links: readonly NewLink[]; userId: string | null; now: Date },
): Promise<string[]> {
  const linked: string[] = [];
  for (let at = 0; at < scope.links.length; at += INSERT_CHUNK) {
    const chunk = scope.links.slice(at, at + INSERT_CHUNK);
    await releaseOrphans(db, { ...scope, externalIds: chunk.map((link) => link.externalId) });
    const rows = await db
      .insert(accountingLinks)
      .values(
        chunk.map((link) => ({
          merchantId: scope.merchantId,
          provider: scope.provider,
          kind: scope.kind,
          ...link,
          linkedByUserId: scope.userId,
          createdAt: scope.now,
          updatedAt: scope.now,
        })),
      )
      .onConflictDoNothing()
      .returning({ localId: accountingLinks.localId });
    linked.push(...rows.map((row) => row.localId));
  }
  return linked;
}

export async function deleteLink(db: Db, scope: LinkScope & { localId: string }) {
  await db.delete(accountingLinks).where(and(inScope(scope), eq(accountingLinks.localId, scope.localId)));
}
