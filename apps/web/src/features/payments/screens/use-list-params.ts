import { MIN_SEARCH_CHARS } from '@tradeport/contract';
import { useSearchParams } from 'react-router';
import type { PickedCustomer } from '#shared/customer-picker/customer-select.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A payment or credit number ("7", "#7") is searched at once; other text from MIN_SEARCH_CHARS. */
const RECORD_NUMBER = /^#?\s*\d{1,9}$/;

export function isSearchable(text: string | null): text is string {
  return text !== null && (text.length >= MIN_SEARCH_CHARS || RECORD_NUMBER.test(text));
}

export const dateOf = (value: string | null) => (value && DATE.test(value) ? value : null);
export const idOf = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);

/**
 * The URL's query as the payments and credits lists keep their filters in it, so Back from a record
 * returns to the same list and a filtered list can be shared: setters replace the entry rather
 * than adding history, and the customer's name rides beside its id so a restored picker shows it.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  };
  const setParam = (name: string, value: string | null) =>
    update((next) => (value ? next.set(name, value) : next.delete(name)));
  const customerId = idOf(params.get('customer'));
  const customer: PickedCustomer = customerId
    ? { value: customerId, label: params.get('customer_name') ?? 'Chosen customer' }
    : null;
  return {
    params,
    update,
    setParam,
    customer,
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
  };
}
