import type { Customer } from '@tradeport/contract';

/**
 * Thrown by a form's submit to stop a save that would give a second customer an ABN already in
 * use: not an error, a question. The form shows the warning and saves on the next submit with
 * the same ABN (a branch of the same business legitimately shares it).
 */
export class SameAbnWarning extends Error {
  readonly abn: string;
  readonly titles: string[];

  constructor(abn: string, others: readonly Pick<Customer, 'title'>[]) {
    super(sameAbnMessage(others.map((customer) => customer.title)));
    this.name = 'SameAbnWarning';
    this.abn = abn;
    this.titles = others.map((customer) => customer.title);
  }
}

/** "Another customer, Café Aroma, has this ABN"; "Other customers, A and B, have this ABN". */
export function sameAbnMessage(titles: readonly string[]): string {
  if (titles.length === 1) return `Another customer, ${titles[0]}, has this ABN`;
  const names = `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
  return `Other customers, ${names}, have this ABN`;
}
