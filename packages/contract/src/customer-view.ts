import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { OrganisationParams } from './organisations.ts';

// Customer view (SPEC §1, §4): a merchant member sees the ordering portal as the merchant's house
// customer. Entering sets the impersonation cookie; leaving clears it. Both are logged with who.

const tags = ['customers'];
const path = '/organisations/{id}/customers/house-accounts/view';

export const CustomerView = z.object({
  merchant_id: z.uuid(),
  /** The house customer organisation being viewed as. */
  customer_organisation_id: z.uuid(),
});
export type CustomerView = z.infer<typeof CustomerView>;

export const enterCustomerView = defineEndpoint({
  method: 'POST',
  path,
  summary: 'View the ordering portal as the merchant’s house customer (sets the impersonation cookie)',
  description:
    'Any member of merchant `{id}`. While the cookie is present, requests for the house customer organisation act as a User of it; users/current lists it and says so in `customer_view`.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  response: CustomerView,
});

export const leaveCustomerView = defineEndpoint({
  method: 'DELETE',
  path,
  summary: 'Return to the merchant: clears the impersonation cookie',
  tags,
  auth: 'user',
  params: OrganisationParams,
  response: CustomerView,
});
