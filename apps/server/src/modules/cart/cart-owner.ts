import type { CustomerAccountActor } from '../../platform/tenancy/access.ts';
import type { AccessQueries } from '../../platform/tenancy/membership.queries.ts';

/**
 * Whose cart a request works on: one customer account (a customer organisation with one
 * merchant) and side. A member of the customer organisation uses the customer's own cart, shared
 * by its users; a member of the merchant uses the merchant's order-entry cart for that customer
 * (a rep's half-finished order never mixes with the café's), the house customer's included
 * (walk-in sales). A person in both counts as the merchant's: the merchant's members are the ones
 * who order on others' behalf. In customer view (a merchant member viewing the portal as the
 * house customer) the portal is the customer's, so its cart is the house customer's own.
 */
export type CartOwner = {
  userId: string;
  merchantId: string;
  customerOrganisationId: string;
  customerAccountId: string;
  isMerchantEntry: boolean;
  /**
   * A member of the merchant is ordering: on the merchant's entry cart, or in customer view on the
   * house customer's own. An order placed is recorded as placed on the customer's behalf.
   */
  isPlacedByMerchant: boolean;
};

/**
 * The cart owner for an actor of the customer-account rule. `customerView` is the organisation
 * the request's customer-view cookie names, if any: it counts only when it is this account's
 * organisation and the caller may view as it (the house customer of a merchant they belong to).
 */
export async function cartOwnerOf(
  actor: CustomerAccountActor,
  options: { customerView: string | undefined; accessQueries: Pick<AccessQueries, 'findCustomerView'> },
): Promise<CartOwner> {
  const isCustomerView =
    actor.isMerchantMember &&
    options.customerView === actor.customerOrganisationId &&
    (await options.accessQueries.findCustomerView({
      userId: actor.userId,
      organisationId: actor.customerOrganisationId,
    })) !== undefined;
  return {
    userId: actor.userId,
    merchantId: actor.merchantId,
    customerOrganisationId: actor.customerOrganisationId,
    customerAccountId: actor.customerAccountId,
    isMerchantEntry: actor.isMerchantMember && !isCustomerView,
    isPlacedByMerchant: actor.isMerchantMember,
  };
}
