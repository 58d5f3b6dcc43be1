import { useSearchParams } from 'react-router';
import { useMyMerchants } from '../api/my-merchants.ts';

/**
 * For a customer organisation: the merchant whose invoices the screen shows. The address keeps a
 * choice (`?merchant=`); without one, or with one it no longer orders from, its first merchant.
 */
export function useChosenMerchant(options: { enabled: boolean }) {
  const [params, setParams] = useSearchParams();
  const query = useMyMerchants(options);
  const merchants = query.data ?? [];
  const asked = params.get('merchant');
  const chosen = merchants.find((merchant) => merchant.id === asked) ?? merchants[0] ?? null;
  return {
    query,
    merchants,
    chosen,
    choose: (merchantId: string) => {
      const next = new URLSearchParams(params);
      next.set('merchant', merchantId);
      setParams(next, { replace: true });
    },
    /** What links to another receivables screen carry so it shows the same merchant. */
    search: (asked && chosen?.id === asked ? { merchant: asked } : {}) as Record<string, string>,
  };
}

export type ChosenMerchant = ReturnType<typeof useChosenMerchant>;
