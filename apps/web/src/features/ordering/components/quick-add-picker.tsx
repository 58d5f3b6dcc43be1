import { Button, Stack, Text } from '@mantine/core';
import type { ProductSearchResult } from '@tradeport/contract';
import { ApiError } from '#lib/api-error.ts';
import { ProductPickerModal } from '#shared/product-groups/components/product-picker-modal.tsx';
import type { OrderingScope } from '../api/ordering-keys.ts';
import { useQuickAdd } from '../api/quick-add.ts';

function QuickAddButton(props: { product: ProductSearchResult; scope: OrderingScope; customerName: string }) {
  // One per row, so each says for itself whether it was added.
  const add = useQuickAdd(props.scope);
  if (add.isSuccess) {
    return (
      <Text size="sm" c="teal" fw={500} ta="right">
        Added
      </Text>
    );
  }
  const isUnavailable = add.error instanceof ApiError && add.error.code === 'NOT_FOUND';
  return (
    <Stack gap={4} align="flex-end">
      <Button
        size="compact-md"
        variant="light"
        aria-label={`Add ${props.product.name}`}
        loading={add.isPending}
        onClick={() => add.mutate(props.product.id)}
      >
        Add
      </Button>
      {isUnavailable && (
        <Text size="xs" c="red" role="alert" maw={260} ta="right">
          Not available to {props.customerName}: archived, or hidden from them.
        </Text>
      )}
    </Stack>
  );
}

/**
 * Order entry's quick add: the product search the pricing, visibility and tax screens use, adding
 * each product found to the customer's order at the customer's price and rules.
 */
export function QuickAddPicker(props: {
  opened: boolean;
  onClose: () => void;
  scope: OrderingScope;
  customerName: string;
}) {
  return (
    <ProductPickerModal
      opened={props.opened}
      onClose={props.onClose}
      targetName={`${props.customerName}’s order`}
      note={`Each product goes in at ${props.customerName}’s price, in the smallest quantity it can be ordered in; change the quantity in the cart.`}
      renderAdd={(product) => (
        <QuickAddButton product={product} scope={props.scope} customerName={props.customerName} />
      )}
    />
  );
}
