import {
  addDays,
  MIN_SEARCH_CHARS,
  ORDER_NUMBER_SEARCH,
  type OrderListQuery,
  type OrderSearchQuery,
  presetDayRange,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { MemberActor } from '../../platform/tenancy/access.ts';
import type { OrganisationRecord } from '../../platform/tenancy/membership.queries.ts';
import { findTimeZone, listOrderRows, type OrderFilters } from './order-list.queries.ts';
import { findOrderInScope, type OrderScope } from './order-rows.queries.ts';
import { toOrderSearch } from './order-search.queries.ts';
import { toOrder, toOrderSummary } from './order-view.ts';

// Reading orders: the list and search of `orders/organisation/{id}`, and one order.

type ListQuery = z.output<typeof OrderListQuery>;
type SearchQuery = z.output<typeof OrderSearchQuery>;

/** The organisation a list is asked for, as its membership check read it. */
export type ListActor = MemberActor & { organisation: OrganisationRecord };

/** A merchant sees all its orders; a customer organisation its own, with any merchant or one. */
function scopeOf(actor: ListActor, query: ListQuery): OrderScope {
  if (actor.kind === 'MERCHANT') return { kind: 'MERCHANT', merchantId: actor.organisationId };
  return { kind: 'CUSTOMER', customerOrganisationId: actor.organisationId, merchantId: query.merchant_id };
}

export function createOrdersService(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;

  /**
   * The query's filters, with placed dates as [from, to) days of the merchant's zone: a preset
   * (SPEC §3) as of now, else the dates given (both included). A customer's list across
   * merchants takes its own zone, there being no one merchant's.
   */
  async function filtersOf(actor: ListActor, scope: OrderScope, query: ListQuery): Promise<OrderFilters> {
    const filters: OrderFilters = {
      statuses: query.status,
      paymentStatuses: query.payment_status,
      customerOrganisationId: query.customer_organisation_id,
      deliveryFrom: query.delivery_from,
      deliveryTo: query.delivery_to,
    };
    if (!query.placed && !query.placed_from && !query.placed_to) return filters;
    const timeZone =
      scope.kind === 'CUSTOMER' && scope.merchantId
        ? ((await findTimeZone(db, scope.merchantId)) ?? actor.organisation.timeZone)
        : actor.organisation.timeZone;
    const range = query.placed
      ? presetDayRange(query.placed, { now: deps.now(), timeZone })
      : { from: query.placed_from, to: query.placed_to && addDays(query.placed_to, 1) };
    return { ...filters, placed: { ...range, timeZone } };
  }

  async function page(actor: ListActor, query: ListQuery, q?: string) {
    const scope = scopeOf(actor, query);
    const { rows, nextCursor } = await listOrderRows(db, {
      scope,
      filters: await filtersOf(actor, scope, query),
      search: q
        ? toOrderSearch(q, { numberPattern: ORDER_NUMBER_SEARCH, minChars: MIN_SEARCH_CHARS })
        : undefined,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { items: rows.map(toOrderSummary), next_cursor: nextCursor };
  }

  return {
    list: (actor: ListActor, query: ListQuery) => page(actor, query),

    search: (actor: ListActor, query: SearchQuery) => page(actor, query, query.q),

    /** One order, for a member of its merchant or of its customer organisation. */
    async get(actor: MemberActor, id: string) {
      const scope: OrderScope =
        actor.kind === 'MERCHANT'
          ? { kind: 'MERCHANT', merchantId: actor.organisationId }
          : { kind: 'CUSTOMER', customerOrganisationId: actor.organisationId };
      const record = await findOrderInScope(db, { scope, id });
      if (!record) throw notFound('Order');
      return toOrder(record, actor.kind);
    },
  };
}
