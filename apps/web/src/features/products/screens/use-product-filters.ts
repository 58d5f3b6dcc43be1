import { MIN_SEARCH_CHARS, ProductFilters, ProductSort, type ProductStatus } from '@tradeport/contract';
import { useSearchParams } from 'react-router';
import { useUrlSearch } from '#lib/use-url-search.ts';
import type { ProductListFilters, ProductListOrder } from '../api/product-keys.ts';
import type { Picked } from '../model/product-form.ts';

const STATUSES: readonly ProductStatus[] = ['active', 'archived', 'all'];

export type PickedFilter = 'brand' | 'supplier' | 'category';

function statusOf(value: string | null): ProductStatus {
  return STATUSES.find((status) => status === value) ?? 'active';
}

// The URL keeps the picked name beside its id: there is no call that names a brand by id, and a
// picker restored by Back or a reload must show what it holds.
function pickedOf(params: URLSearchParams, filter: PickedFilter): Picked {
  const value = params.get(filter);
  if (!value || !ProductFilters.shape[`${filter}_id`].safeParse(value).success) return null;
  return { value, label: params.get(`${filter}_name`) ?? 'Chosen' };
}

/**
 * The list's search, filters and order, kept in the URL (`?q=&status=&brand=…&sort=&dir=`) so Back from a product
 * returns to the same list. The search is sent once typing pauses, and only from 2 characters.
 */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const { searchText, setSearchText, search } = useUrlSearch({ minLength: MIN_SEARCH_CHARS });

  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  };

  const picked = {
    brand: pickedOf(params, 'brand'),
    supplier: pickedOf(params, 'supplier'),
    category: pickedOf(params, 'category'),
  };
  const status = statusOf(params.get('status'));
  const filters: ProductListFilters = {
    search,
    brand_id: picked.brand?.value ?? null,
    supplier_id: picked.supplier?.value ?? null,
    category_id: picked.category?.value ?? null,
    status,
  };

  const sort = ProductSort.safeParse(params.get('sort'));
  const order: ProductListOrder = {
    sort: sort.success ? sort.data : 'name',
    direction: params.get('dir') === 'desc' ? 'desc' : 'asc',
  };
  /** The phone's sort controls: this sort, this way round (the same URL state as the headings). */
  const setOrder = (next: ProductListOrder) =>
    update((params) => {
      if (next.sort === 'name') params.delete('sort');
      else params.set('sort', next.sort);
      if (next.direction === 'asc') params.delete('dir');
      else params.set('dir', next.direction);
    });

  /** A column's header: sorts by it ascending, or turns its order round when it sorts already. */
  const sortBy = (column: ProductListOrder['sort']) =>
    setOrder({
      sort: column,
      direction: order.sort === column && order.direction === 'asc' ? 'desc' : 'asc',
    });

  const setPicked = (filter: PickedFilter, value: Picked) =>
    update((next) => {
      if (value) {
        next.set(filter, value.value);
        next.set(`${filter}_name`, value.label);
      } else {
        next.delete(filter);
        next.delete(`${filter}_name`);
      }
    });

  const setStatus = (value: ProductStatus) =>
    update((next) => (value === 'active' ? next.delete('status') : next.set('status', value)));

  /** Drops the search and the pickers; the status tab stays as chosen. */
  const clear = () => {
    setSearchText('');
    update((next) => {
      for (const name of [
        'q',
        'brand',
        'brand_name',
        'supplier',
        'supplier_name',
        'category',
        'category_name',
      ])
        next.delete(name);
    });
  };

  const isFiltered = Boolean(search || filters.brand_id || filters.supplier_id || filters.category_id);

  return {
    searchText,
    setSearchText,
    filters,
    order,
    sortBy,
    setOrder,
    picked,
    status,
    setPicked,
    setStatus,
    clear,
    isFiltered,
  };
}

export type ProductFiltersState = ReturnType<typeof useProductFilters>;
