import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  type CardPaymentResult,
  type CardPaymentSetup,
  type CardQuote,
  getCardPaymentSetup,
  getInvoicePaymentSetup,
  getPaymentLinkPage,
  payByCard,
  payInvoiceByCard,
  payPaymentLink,
  quoteCardPayment,
  quoteInvoicePayment,
  quotePaymentLink,
} from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { idempotencyHeaders } from '#lib/idempotency-key.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { cardPaymentKeys } from './card-payment-keys.ts';

// The three ways to pay orders by card share one dialog (card-pay-flow.tsx) and differ only in the
// calls: the customer in its portal, the merchant taking a customer's card, and whoever holds a
// payment link. Each is a PayChannel.

/** Refusals the pay dialog says in its own words (a changed total, a link that expired…), not as toasts. */
export const PAY_REFUSALS = [
  'CONFLICT',
  'CARD_PAYMENTS_NOT_SET_UP',
  'PAYMENTS_NOT_ENABLED',
  'PAYMENT_LINK_EXPIRED',
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'BAD_REQUEST',
] as const;

export type QuoteBody = { order_ids?: string[]; confirmation_token: string };
export type PayBody = QuoteBody & { expected_total_cents: number };

export type PayChannel = {
  quote(body: QuoteBody): Promise<CardQuote>;
  /** Also how a payment in progress is read again: the same key answers the same payment. */
  pay(body: PayBody, idempotencyKey: string): Promise<CardPaymentResult>;
  /** False for a payment link: it pays what it was made for, and takes no order ids. */
  canChooseOrders: boolean;
};

/** A customer organisation paying merchant `merchantId` in its portal. */
export function portalChannel(organisationId: string, merchantId: string): PayChannel {
  const base = {
    params: { id: merchantId },
    query: { customer_organisation_id: organisationId },
    organisationId,
    handledErrorCodes: PAY_REFUSALS,
  };
  return {
    quote: (body) => request(quoteCardPayment, { ...base, body }),
    pay: (body, key) => request(payByCard, { ...base, body, headers: idempotencyHeaders(key) }),
    canChooseOrders: true,
  };
}

/** The merchant `organisationId` taking customer account `customerId`'s card. */
export function merchantChannel(organisationId: string, customerId: string): PayChannel {
  const base = {
    params: { id: organisationId, pid: customerId },
    organisationId,
    handledErrorCodes: PAY_REFUSALS,
  };
  return {
    quote: (body) => request(quoteInvoicePayment, { ...base, body }),
    pay: (body, key) => request(payInvoiceByCard, { ...base, body, headers: idempotencyHeaders(key) }),
    canChooseOrders: true,
  };
}

/** Whoever holds a payment link's token, signed in or not. */
export function linkChannel(token: string): PayChannel {
  const base = { params: { token }, organisationId: null, handledErrorCodes: PAY_REFUSALS };
  return {
    quote: (body) =>
      request(quotePaymentLink, { ...base, body: { confirmation_token: body.confirmation_token } }),
    pay: (body, key) =>
      request(payPaymentLink, {
        ...base,
        body: {
          confirmation_token: body.confirmation_token,
          expected_total_cents: body.expected_total_cents,
        },
        headers: idempotencyHeaders(key),
      }),
    canChooseOrders: false,
  };
}

export function portalSetupQuery(organisationId: string | null, merchantId: string) {
  return queryOptions<CardPaymentSetup>({
    queryKey: cardPaymentKeys.portalSetup(organisationId, merchantId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getCardPaymentSetup, {
            params: { id: merchantId },
            query: { customer_organisation_id: organisationId },
            signal,
            organisationId,
          })
      : skipToken,
  });
}

export function merchantSetupQuery(organisationId: string | null, customerId: string) {
  return queryOptions<CardPaymentSetup>({
    queryKey: cardPaymentKeys.merchantSetup(organisationId, customerId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getInvoicePaymentSetup, {
            params: { id: organisationId, pid: customerId },
            signal,
            organisationId,
          })
      : skipToken,
  });
}

export function usePortalSetup(merchantId: string | null) {
  const organisationId = useOrganisationId();
  return useQuery({ ...portalSetupQuery(organisationId, merchantId ?? ''), enabled: merchantId !== null });
}

export function useMerchantSetup(customerId: string | null) {
  const organisationId = useOrganisationId();
  return useQuery({ ...merchantSetupQuery(organisationId, customerId ?? ''), enabled: customerId !== null });
}

/** The public page's view of a payment link: 404 for no such link, 410 when expired or revoked. */
export function usePaymentLinkPage(token: string) {
  return useQuery({
    queryKey: cardPaymentKeys.linkPage(token),
    queryFn: ({ signal }) =>
      request(getPaymentLinkPage, {
        params: { token },
        signal,
        organisationId: null,
        handledErrorCodes: ['NOT_FOUND', 'PAYMENT_LINK_EXPIRED', 'VALIDATION_ERROR'],
      }),
    retry: false,
  });
}
