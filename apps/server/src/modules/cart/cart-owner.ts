import type { CustomerAccountActor } from '../../platform/tenancy/access.ts';

/**
 * Whose cart a request works on: one customer account (a customer organisation with one
 * merchant) and side. A member of the customer organisation uses the customer's own cart, shared
 * by its users; a member of the merchant uses the merchant's order-entry cart for that customer
 * (a rep's half-finished order never mixes with the café's). A person in both counts as the
 * merchant's: the merchant's members are the ones who order on others' behalf.
 */
export type CartOwner = {
  userId: string;
  merchantId: string;
  customerOrganisationId: string;
  customerAccountId: string;
  isMerchantEntry: boolean;
};

export const cartOwnerOf = (actor: CustomerAccountActor): CartOwner => ({
  userId: actor.userId,
  merchantId: actor.merchantId,
  customerOrganisationId: actor.customerOrganisationId,
  customerAccountId: actor.customerAccountId,
  isMerchantEntry: actor.isMerchantMember,
});
