import { Loader } from '@mantine/core';
import { useCurrentAccount } from '#lib/current-account.ts';
import { CustomerOverview } from '../components/customer-overview.tsx';
import { MerchantOverview } from '../components/merchant-overview.tsx';

/**
 * /payments/overview "Payments overview": for a merchant, money received in a period and what its
 * customers owe; for a customer organisation, what it owes (the API's overview is the merchant's).
 */
export function PaymentsOverviewScreen() {
  const account = useCurrentAccount();
  // Which overview this is depends on the organisation; nothing is asked before that is known.
  if (!account.data) return <Loader role="status" aria-label="Loading the overview" />;
  return account.data.is_merchant ? <MerchantOverview /> : <CustomerOverview />;
}
