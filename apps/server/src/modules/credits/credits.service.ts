import {
  CREDIT_NUMBER_SEARCH,
  type Credit,
  type CreditListQuery,
  type CreditSearchQuery,
  MIN_SEARCH_CHARS,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { notFound } from '../../platform/errors.ts';
import type { MemberActor } from '../../platform/tenancy/access.ts';
import type { PaymentScope } from '../payments/payments.queries.ts';
import { paymentScopeOf } from '../payments/payments.service.ts';
import { toCredit, toCreditSummary } from './credit-view.ts';
import { type CreditSearch, findCreditDetails, findCreditRow, listCreditRows } from './credits.queries.ts';

// Reading account credits: the list and search of `credits/organisation/{id}` and one credit.

type ListQuery = z.output<typeof CreditListQuery>;
type SearchQuery = z.output<typeof CreditSearchQuery>;

function toCreditSearch(term: string): CreditSearch {
  const digits = CREDIT_NUMBER_SEARCH.exec(term)?.[1];
  const text = (digits ?? term).toLowerCase();
  return {
    number: digits === undefined ? undefined : Number(digits),
    pattern: text.length >= MIN_SEARCH_CHARS ? containsPattern(text) : undefined,
  };
}

/** One credit whole, as `viewer` sees it; undefined when it is not in the scope. */
export async function readCredit(
  db: Db,
  options: { scope: PaymentScope; id: string; viewer: 'MERCHANT' | 'CUSTOMER' },
): Promise<Credit | undefined> {
  const row = await findCreditRow(db, { scope: options.scope, id: options.id });
  if (!row) return undefined;
  return toCredit({ row, details: await findCreditDetails(db, row.credit), viewer: options.viewer });
}

export function createCreditsService(deps: Pick<AppDeps, 'database'>) {
  const { db } = deps.database;

  async function page(actor: MemberActor, query: ListQuery, q?: string) {
    const { rows, nextCursor } = await listCreditRows(db, {
      scope: paymentScopeOf(actor, query.merchant_id),
      filters: {
        source: query.source,
        customerOrganisationId: query.customer_organisation_id,
        isAvailable: query.is_available,
      },
      search: q ? toCreditSearch(q) : undefined,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { items: rows.map(toCreditSummary), next_cursor: nextCursor };
  }

  return {
    list: (actor: MemberActor, query: ListQuery) => page(actor, query),
    search: (actor: MemberActor, query: SearchQuery) => page(actor, query, query.q),
    async get(actor: MemberActor, id: string): Promise<Credit> {
      const credit = await readCredit(db, { scope: paymentScopeOf(actor), id, viewer: actor.kind });
      if (!credit) throw notFound('Credit');
      return credit;
    },
  };
}
