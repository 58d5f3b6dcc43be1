import { AgingBucket } from '@tradeport/contract';
import { useSearchParams } from 'react-router';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

import type { PickedCustomer } from '#shared/customer-picker/customer-select.tsx';

export type { PickedCustomer };

// Every filter this list owns; `merchant` (a customer's choice) is useChosenMerchant's.
const FILTER_PARAMS = ['customer', 'customer_name', 'aging', 'overdue'];

/**
 * The outstanding list's filters, kept in the address (`?customer=&aging=&overdue=true`) so Back
 * from an order returns to the same list, and the overview and Customer Accounts can link to a
 * narrowed list. Anything malformed there is dropped rather than sent.
 */
export function useOutstandingFilters() {
  const [params, setParams] = useSearchParams();

  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  };

  const customerId = params.get('customer');
  // The name rides beside the id: a picker restored by Back or a reload must show what it holds.
  const customer: PickedCustomer =
    customerId && UUID.test(customerId)
      ? { value: customerId.toLowerCase(), label: params.get('customer_name') ?? 'Chosen customer' }
      : null;
  const aging = AgingBucket.safeParse(params.get('aging'));
  const overdue = params.get('overdue') === 'true';

  return {
    customer,
    aging: aging.success ? aging.data : null,
    overdue,
    isFiltered: Boolean(customer || aging.success || overdue),
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
    setAging: (bucket: AgingBucket | null) =>
      update((next) => (bucket ? next.set('aging', bucket) : next.delete('aging'))),
    setOverdue: (only: boolean) =>
      update((next) => (only ? next.set('overdue', 'true') : next.delete('overdue'))),
    clear: () =>
      update((next) => {
        for (const name of FILTER_PARAMS) next.delete(name);
      }),
  };
}

export type OutstandingFiltersState = ReturnType<typeof useOutstandingFilters>;
