import { MIN_SEARCH_CHARS, OrderPaymentStatus, OrderStatus, ReportDatePreset } from '@tradeport/contract';
import { useSearchParams } from 'react-router';
import { useUrlSearch } from '#lib/use-url-search.ts';
import type { OrderListFilters } from '../api/order-keys.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

import type { PickedCustomer } from '#shared/customer-picker/customer-select.tsx';

export type { PickedCustomer };

/** An order number ("7", "#7") is searched at once; other text from MIN_SEARCH_CHARS characters. */
const ORDER_NUMBER = /^#?\s*\d{1,9}$/;
export function isSearchable(text: string | null): text is string {
  return text !== null && (text.length >= MIN_SEARCH_CHARS || ORDER_NUMBER.test(text));
}

const dateOf = (value: string | null) => (value && DATE.test(value) ? value : null);

/** `?status=PROCESSING,ON_HOLD` → the statuses it names; anything else is dropped, not sent. */
export function statusesOf(value: string | null): OrderStatus[] {
  const statuses = (value ?? '').split(',').filter((item) => OrderStatus.safeParse(item).success);
  return [...new Set(statuses)] as OrderStatus[];
}

/** `?payment_status=UNPAID,PARTIALLY_PAID` → the payment statuses it names; anything else is dropped. */
export function paymentStatusesOf(value: string | null): OrderPaymentStatus[] {
  const statuses = (value ?? '').split(',').filter((item) => OrderPaymentStatus.safeParse(item).success);
  return [...new Set(statuses)] as OrderPaymentStatus[];
}

// Every filter but the search, which useUrlSearch keeps in `q`.
const FILTER_PARAMS = [
  'status',
  'payment_status',
  'customer',
  'customer_name',
  'delivery_from',
  'delivery_to',
  'placed',
];

/**
 * The list's search and filters, kept in the URL (`?q=&status=&payment_status=&customer=&delivery_from=…&placed=`)
 * so Back from an order returns to the same list and a filtered list can be shared. The search is
 * sent once typing pauses, and only from 2 characters.
 */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const { searchText, setSearchText, search: typed } = useUrlSearch();
  const search = isSearchable(typed) ? typed : null;

  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  };
  const setParam = (name: string, value: string | null) =>
    update((next) => (value ? next.set(name, value) : next.delete(name)));

  const customerId = params.get('customer');
  // The name rides beside the id: a picker restored by Back or a reload must show what it holds.
  const customer: PickedCustomer =
    customerId && UUID.test(customerId)
      ? { value: customerId, label: params.get('customer_name') ?? 'Chosen customer' }
      : null;
  const placed = ReportDatePreset.safeParse(params.get('placed'));

  const filters: OrderListFilters = {
    search,
    statuses: statusesOf(params.get('status')),
    payment_statuses: paymentStatusesOf(params.get('payment_status')),
    customer_organisation_id: customer?.value ?? null,
    delivery_from: dateOf(params.get('delivery_from')),
    delivery_to: dateOf(params.get('delivery_to')),
    placed: placed.success ? placed.data : null,
  };

  const isFiltered = Boolean(
    search ||
    filters.statuses.length > 0 ||
    filters.payment_statuses.length > 0 ||
    customer ||
    filters.delivery_from ||
    filters.delivery_to ||
    filters.placed,
  );

  return {
    searchText,
    setSearchText,
    filters,
    customer,
    isFiltered,
    setStatuses: (statuses: readonly OrderStatus[]) => setParam('status', statuses.join(',') || null),
    setPaymentStatuses: (statuses: readonly OrderPaymentStatus[]) =>
      setParam('payment_status', statuses.join(',') || null),
    setCustomer: (picked: PickedCustomer) =>
      update((next) => {
        if (picked) {
          next.set('customer', picked.value);
          next.set('customer_name', picked.label);
        } else {
          next.delete('customer');
          next.delete('customer_name');
        }
      }),
    setDeliveryFrom: (date: string | null) => setParam('delivery_from', date),
    setDeliveryTo: (date: string | null) => setParam('delivery_to', date),
    setPlaced: (preset: ReportDatePreset | null) => setParam('placed', preset),
    clear: () => {
      setSearchText('');
      update((next) => {
        for (const name of [...FILTER_PARAMS, 'q']) next.delete(name);
      });
    },
  };
}

export type OrderFiltersState = ReturnType<typeof useOrderFilters>;
