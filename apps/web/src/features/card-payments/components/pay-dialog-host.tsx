import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useCurrentAccount } from '#lib/current-account.ts';
import { readPayDialog, withoutPayDialog } from '#lib/pay-dialog.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { cardPaymentKeys } from '../api/card-payment-keys.ts';
import { MerchantPayDialog, PortalPayDialog } from './pay-dialogs.tsx';
import { PaymentLinksDialog } from './payment-links-dialog.tsx';

const CARD_PAYMENTS = cardPaymentKeys.all(null)[1];

/**
 * The pay dialog the address names (lib/pay-dialog.ts), over whatever screen is open: the app shell
 * mounts this when there is one. A customer pays its merchant; a merchant takes a customer's card
 * or manages its payment links. A dialog that is not for this person opens nothing.
 */
export function PayDialogHost() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: currentUser, organisation } = useCurrentAccount();
  const queryClient = useQueryClient();
  const request = readPayDialog(searchParams);
  const organisationId = organisation?.id ?? null;
  if (!request || !currentUser || !organisationId) return null;

  const close = () => {
    setSearchParams(withoutPayDialog(searchParams), { replace: true });
    // Opened again later, it starts from what is owed then.
    queryClient.removeQueries({ queryKey: cardPaymentKeys.all(organisationId) });
  };
  // A payment changes what orders, payments and balances show on the screen beneath. The dialog's
  // own data stays as it is until it closes, so the outcome stays on screen.
  const onSettled = () =>
    void queryClient.invalidateQueries({
      queryKey: scopedKey(organisationId),
      predicate: (query) => query.queryKey[1] !== CARD_PAYMENTS,
    });
  const common = { organisationId, orderId: request.orderId, onClose: close, onSettled };

  if (request.kind === 'card' && !currentUser.is_merchant) {
    return <PortalPayDialog {...common} merchantId={request.merchantId} />;
  }
  if (request.kind === 'card') return <MerchantPayDialog {...common} customerId={request.customerId} />;
  if (currentUser.is_merchant) {
    return <PaymentLinksDialog customerId={request.customerId} orderId={request.orderId} onClose={close} />;
  }
  return null;
}
