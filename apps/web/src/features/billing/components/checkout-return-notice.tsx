import type { BillingFlow } from '@tradeport/contract';
import { useSearchParams } from 'react-router';
import { useCurrentAccount } from '#lib/current-account.ts';
import { useCheckoutReturn } from '../model/use-checkout-return.ts';
import { CheckoutReturnMessage } from './checkout-return-message.tsx';

function AwaitedCheckout(props: { flow: BillingFlow }) {
  const account = useCurrentAccount();
  const { checkout } = useCheckoutReturn({
    flow: props.flow,
    enabled: account.organisation?.user_level === 'Admin',
  });
  return <CheckoutReturnMessage checkout={checkout} />;
}

/**
 * What a return from Stripe Checkout brought, on a screen other than billing's (onboarding's, where
 * sign-up's payment step returns): nothing unless the address says `checkout`.
 */
export function CheckoutReturnNotice(props: { flow: BillingFlow }) {
  const [search] = useSearchParams();
  return search.has('checkout') ? <AwaitedCheckout flow={props.flow} /> : null;
}
