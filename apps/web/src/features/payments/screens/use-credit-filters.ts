import { CreditSource } from '@tradeport/contract';
import { useUrlSearch } from '#lib/use-url-search.ts';
import type { CreditListFilters } from '../api/payment-keys.ts';
import { isSearchable, useListParams } from './use-list-params.ts';

// Every filter but the search, which useUrlSearch keeps in `q`.
const FILTER_PARAMS = ['source', 'customer', 'customer_name', 'available'];

/** Account Credits' search and filters, kept in the URL (`?q=&source=&customer=&available=1`). */
export function useCreditFilters() {
  const list = useListParams();
  const { params } = list;
  const { searchText, setSearchText, search: typed } = useUrlSearch();
  const source = CreditSource.safeParse(params.get('source'));

  const filters: CreditListFilters = {
    search: isSearchable(typed) ? typed : null,
    source: source.success ? source.data : null,
    customer_organisation_id: list.customer?.value ?? null,
    is_available: params.get('available') === '1',
  };
  const isFiltered = Boolean(
    filters.search || filters.source || filters.customer_organisation_id || filters.is_available,
  );

  return {
    searchText,
    setSearchText,
    filters,
    customer: list.customer,
    isFiltered,
    setSource: (value: CreditSource | null) => list.setParam('source', value),
    setCustomer: list.setCustomer,
    setAvailable: (isAvailable: boolean) => list.setParam('available', isAvailable ? '1' : null),
    clear: () => {
      setSearchText('');
      list.update((next) => {
        for (const name of [...FILTER_PARAMS, 'q']) next.delete(name);
      });
    },
  };
}

export type CreditFiltersState = ReturnType<typeof useCreditFilters>;
