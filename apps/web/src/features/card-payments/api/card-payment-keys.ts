import { scopedKey } from '#lib/query-keys.ts';

/** The card-payments feature's query keys; each starts with the organisation acted for (DESIGN §5). */
export const cardPaymentKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'card-payments'),
  stripeSettings: (organisationId: string | null) => scopedKey(organisationId, 'card-payments', 'stripe'),
  /** What the customer can pay merchant `merchantId`. */
  portalSetup: (organisationId: string | null, merchantId: string) =>
    scopedKey(organisationId, 'card-payments', 'portal', merchantId),
  /** What customer account `customerId` can pay, for the merchant taking the card. */
  merchantSetup: (organisationId: string | null, customerId: string) =>
    scopedKey(organisationId, 'card-payments', 'merchant', customerId),
  myMerchants: (organisationId: string | null) => scopedKey(organisationId, 'card-payments', 'merchants'),
  /** The customer account of an order's customer organisation (the merchant's order screen). */
  orderCustomer: (organisationId: string | null, orderId: string) =>
    scopedKey(organisationId, 'card-payments', 'order-customer', orderId),
  links: (organisationId: string | null, customerId: string) =>
    scopedKey(organisationId, 'card-payments', 'links', customerId),
  /** A payment link's public page: nobody is signed in, so no organisation. */
  linkPage: (token: string) => scopedKey(null, 'card-payments', 'link-page', token),
};
