import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { useCart } from '../api/cart.ts';
import type { OrderingScope } from '../api/ordering-keys.ts';
import { type ChosenCustomer, CustomerChooser } from '../components/customer-chooser.tsx';
import { OrderingWorkspace } from '../components/ordering-workspace.tsx';
import { QuickAddPicker } from '../components/quick-add-picker.tsx';

// The URL names the customer, so a reload or Back keeps the order being entered.
const CUSTOMER_PARAM = 'customer';

function OrderingForBanner(props: { scope: OrderingScope; onChange: () => void }) {
  // The cart names its customer, as the server knows it: the banner never guesses.
  const cart = useCart(props.scope);
  const [isPickerOpen, picker] = useDisclosure(false);
  const customerName = cart.data?.customer_name;
  return (
    <Alert color="blue" variant="light" role="status" aria-label="Ordering for">
      <Group justify="space-between" gap="sm">
        <Text fw={600}>Ordering for {customerName ?? '…'}</Text>
        <Group gap="sm">
          <Button variant="default" size="md" onClick={picker.open} disabled={!customerName}>
            Add by search
          </Button>
          <Button variant="default" size="md" onClick={props.onChange}>
            Change customer
          </Button>
        </Group>
      </Group>
      {customerName && (
        <QuickAddPicker
          opened={isPickerOpen}
          onClose={picker.close}
          scope={props.scope}
          customerName={customerName}
        />
      )}
    </Alert>
  );
}

/**
 * A merchant's order entry: pick the customer (or the house account for a walk-in sale), then
 * the same catalogue and cart its customers use, on the merchant's own cart for that customer,
 * at that customer's prices and rules. The order is placed on the customer's behalf.
 */
export function MerchantOrderEntry(props: { merchantId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const customerOrganisationId = searchParams.get(CUSTOMER_PARAM);

  const choose = (customer: ChosenCustomer | null) => {
    const next = new URLSearchParams();
    if (customer) next.set(CUSTOMER_PARAM, customer.organisationId);
    setSearchParams(next);
  };

  const scope = customerOrganisationId ? { merchantId: props.merchantId, customerOrganisationId } : null;
  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Create New Order"
        description="Enter an order for a customer, at that customer’s prices."
      />
      {scope ? (
        <>
          <OrderingForBanner scope={scope} onChange={() => choose(null)} />
          <OrderingWorkspace key={scope.customerOrganisationId} scope={scope} />
        </>
      ) : (
        <CustomerChooser onChoose={choose} />
      )}
    </Stack>
  );
}
