import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assignShippingMethodCustomers,
  createShippingMethod,
  type ShippingMethod,
  unassignShippingMethodCustomer,
  updateShippingMethod,
} from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { deliveryKeys, METHOD_FORM_ERROR_CODES } from './delivery-keys.ts';

type MethodBody = z.output<NonNullable<typeof createShippingMethod.body>>;

export type SaveMethod = {
  /** The method being edited; null to add one. */
  method: ShippingMethod | null;
  body: MethodBody;
  /** Customer ids to assign and to unassign, when the method is offered to chosen customers. */
  customers: { add: string[]; remove: string[] };
};

/**
 * Saves the method, then who it is offered to. The method is saved first so a new one has an id
 * to assign customers to; a refusal of an assignment leaves the saved method as it is, and the
 * list is read again either way.
 */
export function useSaveShippingMethod() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: async ({ method, body, customers }: SaveMethod) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      const options = { organisationId, handledErrorCodes: METHOD_FORM_ERROR_CODES };
      const saved = method
        ? await request(updateShippingMethod, {
            params: { id: organisationId, mid: method.id },
            body: { ...body, version: method.version },
            ...options,
          })
        : await request(createShippingMethod, { params: { id: organisationId }, body, ...options });
      const params = { id: organisationId, mid: saved.id };
      if (customers.add.length > 0) {
        await request(assignShippingMethodCustomers, {
          params,
          body: { customer_ids: customers.add },
          ...options,
        });
      }
      for (const cid of customers.remove) {
        await request(unassignShippingMethodCustomer, { params: { ...params, cid }, ...options });
      }
      return saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all(organisationId) }),
  });
}
