import type { AppDeps } from '../../app-deps.ts';
import { listCustomerPage } from './customers.queries.ts';

type ListOptions = Parameters<typeof listCustomerPage>[1];

/** A page of a merchant's customers, in name order. */
export function listCustomers({ database: { db } }: Pick<AppDeps, 'database'>, options: ListOptions) {
  return listCustomerPage(db, options);
}
