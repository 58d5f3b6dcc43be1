import { PaymentMethod, PaymentState } from '@tradeport/contract';
import { useUrlSearch } from '#lib/use-url-search.ts';
import type { PaymentListFilters } from '../api/payment-keys.ts';
import { dateOf, isSearchable, useListParams } from './use-list-params.ts';

// Every filter but the search, which useUrlSearch keeps in `q`.
const FILTER_PARAMS = ['state', 'method', 'customer', 'customer_name', 'paid_from', 'paid_to'];

/**
 * All Payments' search and filters, kept in the URL (`?q=&state=&method=&customer=&paid_from=&paid_to=`).
 * The search is sent once typing pauses, from 2 characters or a payment number.
 */
export function usePaymentFilters() {
  const list = useListParams();
  const { params } = list;
  const { searchText, setSearchText, search: typed } = useUrlSearch();
  const state = PaymentState.safeParse(params.get('state'));
  const method = PaymentMethod.safeParse(params.get('method'));

  const filters: PaymentListFilters = {
    search: isSearchable(typed) ? typed : null,
    state: state.success ? state.data : null,
    method: method.success ? method.data : null,
    customer_organisation_id: list.customer?.value ?? null,
    paid_from: dateOf(params.get('paid_from')),
    paid_to: dateOf(params.get('paid_to')),
  };
  const isFiltered = Object.values(filters).some((value) => value !== null);

  return {
    searchText,
    setSearchText,
    filters,
    customer: list.customer,
    isFiltered,
    setState: (value: PaymentState | null) => list.setParam('state', value),
    setMethod: (value: PaymentMethod | null) => list.setParam('method', value),
    setCustomer: list.setCustomer,
    setPaidFrom: (date: string | null) => list.setParam('paid_from', date),
    setPaidTo: (date: string | null) => list.setParam('paid_to', date),
    clear: () => {
      setSearchText('');
      list.update((next) => {
        for (const name of [...FILTER_PARAMS, 'q']) next.delete(name);
      });
    },
  };
}

export type PaymentFiltersState = ReturnType<typeof usePaymentFilters>;
