import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  completeStripeConnect,
  disconnectStripe,
  getStripeSettings,
  type StripeSettings,
  startStripeConnect,
  updateStripeSettings,
} from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { cardPaymentKeys } from './card-payment-keys.ts';

/** Refusals the settings screen says in its own words, beside the control that was used. */
export const STRIPE_SETTINGS_REFUSALS = [
  'CARD_PAYMENTS_NOT_SET_UP',
  'CONFLICT',
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'FORBIDDEN',
] as const;

export function stripeSettingsQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: cardPaymentKeys.stripeSettings(organisationId),
    queryFn: organisationId
      ? ({ signal }) => request(getStripeSettings, { params: { id: organisationId }, signal, organisationId })
      : skipToken,
  });
}

export function useStripeSettings(options: { enabled: boolean }) {
  return useQuery({ ...stripeSettingsQuery(useOrganisationId()), enabled: options.enabled });
}

function useSettingsMutation<T>(call: (organisationId: string, input: T) => Promise<StripeSettings>) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return call(organisationId, input);
    },
    onSuccess: async (settings) => {
      const key = cardPaymentKeys.stripeSettings(organisationId);
      // A load still on its way (the page's first, beside the code's exchange) would answer older
      // news, as accounting-connection.ts's calls say.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, settings);
    },
    onError: () =>
      queryClient.invalidateQueries({ queryKey: cardPaymentKeys.stripeSettings(organisationId) }),
  });
}

const options = (organisationId: string) => ({
  params: { id: organisationId },
  organisationId,
  handledErrorCodes: STRIPE_SETTINGS_REFUSALS,
});

/** Stripe's consent page for this merchant; the browser is sent there to connect its account. */
export function useStartStripeConnect() {
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: () => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(startStripeConnect, options(organisationId));
    },
  });
}

/** Back from Stripe's consent page: exchanges its code for the merchant's connected account. */
export function useCompleteStripeConnect() {
  return useSettingsMutation((organisationId, body: { code: string; state: string }) =>
    request(completeStripeConnect, { ...options(organisationId), body }),
  );
}

export function useUpdateStripeSettings() {
  return useSettingsMutation((organisationId, body: { is_fee_passed_on: boolean; version: number }) =>
    request(updateStripeSettings, { ...options(organisationId), body }),
  );
}

export function useDisconnectStripe() {
  return useSettingsMutation((organisationId, _: void) => request(disconnectStripe, options(organisationId)));
}
