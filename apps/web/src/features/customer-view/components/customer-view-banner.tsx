import { Alert, Button, Group, Text } from '@mantine/core';
import type { CurrentUser, OrganisationMembership } from '@tradeport/contract';
import { useCustomerView } from '../use-customer-view.ts';

/**
 * While a merchant member views the portal as the house customer: says so on every page, with the
 * way back. Nothing when the person is acting for any other organisation.
 */
export function CustomerViewBanner(props: {
  currentUser: CurrentUser;
  organisation: OrganisationMembership | null;
}) {
  const { leave } = useCustomerView();
  const view = props.currentUser.customer_view;
  if (!view || props.organisation?.id !== view.customer_organisation_id) return null;
  const merchantTitle = props.currentUser.merchant?.title ?? 'your organisation';

  return (
    <Alert color="blue" mb="md" title="Customer view">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          You are seeing the {merchantTitle} Ordering Portal as your house customer does: its prices, its
          products, its cart.
        </Text>
        <Button
          size="sm"
          variant="white"
          loading={leave.isPending}
          onClick={() => leave.mutate({ merchantId: view.merchant_id, merchantTitle })}
        >
          Return to merchant
        </Button>
      </Group>
    </Alert>
  );
}
