import { Loader } from '@mantine/core';
import { useCurrentAccount } from '#lib/current-account.ts';
import { CustomerPortal } from './customer-portal.tsx';
import { MerchantOrderEntry } from './merchant-order-entry.tsx';

/**
 * /orders/create, "Create New Order": a customer's people order from their merchant's portal; a
 * merchant's people enter an order for one of their customers. One route, the same browse and cart.
 */
export function CreateOrderScreen() {
  const account = useCurrentAccount();
  const organisation = account.organisation;
  if (!account.data || !organisation) return <Loader role="status" aria-label="Loading" />;
  return account.data.is_merchant ? (
    <MerchantOrderEntry key={organisation.id} merchantId={organisation.id} />
  ) : (
    <CustomerPortal key={organisation.id} customerOrganisationId={organisation.id} />
  );
}
