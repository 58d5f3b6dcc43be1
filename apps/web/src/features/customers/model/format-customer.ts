import type { Customer } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';

/** "51824753556" → "51 824 753 556", the way the ABR writes it. */
export function formatAbn(abn: string): string {
  return /^\d{11}$/.test(abn)
    ? `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`
    : abn;
}

/** "Surry Hills, NSW 2010"; null when nothing is known. */
export function locationOf(customer: Pick<Customer, 'suburb' | 'state' | 'postcode'>): string | null {
  const region = [customer.state, customer.postcode].filter(Boolean).join(' ');
  return [customer.suburb, region].filter(Boolean).join(', ') || null;
}

export function paymentTermsLabel(days: number): string {
  if (days === 0) return 'On receipt';
  return days === 1 ? '1 day' : `${days} days`;
}

export function creditLimitLabel(cents: number | null): string {
  return cents === null ? 'No limit' : formatMoney(cents);
}
