import { Button } from '@mantine/core';
import type { OrganisationMembership } from '@tradeport/contract';
import { useCustomerView } from '../use-customer-view.ts';

/** For a merchant's members: open the ordering portal as the merchant's house customer. */
export function ViewAsCustomerButton(props: { organisation: OrganisationMembership }) {
  const { enter } = useCustomerView();
  return (
    <Button
      variant="light"
      fullWidth
      loading={enter.isPending}
      onClick={() => enter.mutate(props.organisation.id)}
    >
      View as customer
    </Button>
  );
}
