import { Alert, Button, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@tradeport/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { useClearCart, useRemoveCartLine, useSaveCartDetails, useSetCartLine } from '../api/cart.ts';
import { type OrderingScope, orderingKeys } from '../api/ordering-keys.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import { CartDelivery } from './cart-delivery.tsx';
import { CartLines } from './cart-lines.tsx';
import { CartNotes } from './cart-notes.tsx';
import { CartTotals } from './cart-totals.tsx';

const isCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

/** Why the last attempt to place was refused, in words, beside the button. */
function PlaceRefusal(props: { error: unknown }) {
  if (isCode(props.error, 'CONFLICT')) {
    return (
      <Alert color="orange" variant="light" title="Your cart changed">
        Prices or the cart changed since you last saw it, so nothing was placed. The cart now shows today’s
        prices: check the total and place the order again.
      </Alert>
    );
  }
  if (isCode(props.error, 'CART_NOT_PLACEABLE') && props.error instanceof ApiError) {
    return (
      <Alert color="red" variant="light" title="The order cannot be placed">
        <Text size="sm">{props.error.message}</Text>
        {props.error.details.length > 0 && (
          <List size="sm" mt="xs">
            {props.error.details.map((issue) => (
              <List.Item key={`${issue.path}:${issue.message}`}>{issue.message}</List.Item>
            ))}
          </List>
        )}
      </Alert>
    );
  }
  return null;
}

/**
 * The cart: its lines, delivery, PO number and notes, the server's totals, every reason it cannot
 * be placed yet, and Place order. One component for a customer's own cart and a merchant's entry.
 */
export function CartPanel(props: { scope: OrderingScope; cart: Cart }) {
  const { scope, cart } = props;
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setLine = useSetCartLine(scope);
  const removeLine = useRemoveCartLine(scope);
  const details = useSaveCartDetails(scope);
  const place = usePlaceOrder(scope);
  const clear = useClearCart(scope);
  const [isClearing, clearDialog] = useDisclosure(false);
  const [isWaiting, setIsWaiting] = useState(false);

  const busyProductId = setLine.isPending
    ? (setLine.variables?.productId ?? null)
    : removeLine.isPending
      ? (removeLine.variables ?? null)
      : null;
  const isEmpty = cart.lines.length === 0;
  const canPlace = !isEmpty && cart.problems.length === 0;

  const placeOrder = async () => {
    // A second tap while the last note is still saving must not send a second attempt.
    if (isWaiting) return;
    setIsWaiting(true);
    await details.settled();
    setIsWaiting(false);
    // The cart as the last save left it: its total is what the person agrees to pay.
    const current = queryClient.getQueryData<Cart>(orderingKeys.cart(organisationId, scope)) ?? cart;
    place.mutate(current, {
      onSuccess: (order) => {
        showSuccessToast(`Order #${order.number} placed`);
        // The order's screen (/orders/:id) belongs to the orders feature.
        void navigate(`/orders/${order.id}`);
      },
    });
  };

  if (isEmpty) {
    return (
      <Stack gap="xs">
        <Text fw={600}>Your cart is empty</Text>
        <Text size="sm" c="dimmed">
          Add products from the list, and they appear here with today’s prices.
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button variant="subtle" color="red" onClick={clearDialog.open}>
          Empty cart
        </Button>
      </Group>
      <ConfirmDialog
        opened={isClearing}
        title="Empty the cart?"
        confirmLabel="Empty cart"
        isConfirming={clear.isPending}
        onCancel={clearDialog.close}
        onConfirm={() => clear.mutate(undefined, { onSuccess: clearDialog.close })}
      >
        All {cart.lines.length} {cart.lines.length === 1 ? 'line' : 'lines'} come out of the cart
        {cart.is_merchant_entry ? ` for ${cart.customer_name}` : ''}.
      </ConfirmDialog>
      <CartLines
        lines={cart.lines}
        busyProductId={busyProductId}
        onQuantity={(line, quantity) => setLine.mutate({ productId: line.product_id, quantity })}
        onRemove={(line) => removeLine.mutate(line.product_id)}
      />
      {isCode(details.error, 'CONFLICT') && (
        <Alert color="orange" variant="light" title="The cart changed meanwhile">
          Someone else changed this cart, so your change was not saved. It now shows their changes: check it
          and make yours again.
        </Alert>
      )}
      <Title order={3} size="h5">
        Delivery
      </Title>
      <CartDelivery cart={cart} disabled={details.isPending} onChange={details.save} />
      <CartNotes cart={cart} disabled={place.isPending} onSave={details.save} />
      <Divider />
      <CartTotals totals={cart.totals} />
      {cart.problems.length > 0 && (
        <Alert color="red" variant="light" title="Before you can place this order">
          <List size="sm">
            {cart.problems.map((problem) => (
              <List.Item key={`${problem.code}:${problem.message}`}>{problem.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <PlaceRefusal error={place.error} />
      <Button
        size="lg"
        fullWidth
        disabled={!canPlace}
        loading={isWaiting || place.isPending}
        onClick={() => void placeOrder()}
      >
        Place order
      </Button>
    </Stack>
  );
}
