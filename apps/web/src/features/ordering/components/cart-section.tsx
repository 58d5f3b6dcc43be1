import { Badge, type BadgeProps, Group, Loader, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Cart } from '@tradeport/contract';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import type { OrderingScope } from '../api/ordering-keys.ts';
import { CartPanel } from './cart-panel.tsx';

/** How many lines the cart holds: the number shown, the word read out with it. */
export function LineCountBadge(props: { count: number } & Pick<BadgeProps, 'color' | 'c'>) {
  const { count, ...style } = props;
  return (
    <Badge variant="filled" {...style}>
      {count}
      <VisuallyHidden> {count === 1 ? 'line' : 'lines'}</VisuallyHidden>
    </Badge>
  );
}

/** The cart's heading with its line count, then the cart, or its loading or failure. */
export function CartSection(props: {
  scope: OrderingScope;
  cart: UseQueryResult<Cart>;
  withHeading: boolean;
}) {
  const { cart } = props;
  const count = cart.data?.lines.length ?? 0;
  return (
    <Stack gap="sm">
      {props.withHeading && (
        <Group gap="xs">
          <Title order={2} size="h3">
            Cart
          </Title>
          <LineCountBadge count={count} />
        </Group>
      )}
      {cart.isPending && <Loader role="status" aria-label="Loading the cart" />}
      {cart.isError && !cart.data && (
        <LoadFailedAlert
          title="We could not load your cart"
          message={cart.error.message}
          onRetry={() => void cart.refetch()}
        />
      )}
      {cart.data && <CartPanel scope={props.scope} cart={cart.data} />}
    </Stack>
  );
}

/** The wide-screen cart: a panel beside the products that stays in view as they scroll. */
export function CartSidePanel(props: { scope: OrderingScope; cart: UseQueryResult<Cart> }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="aside"
      aria-label="Cart"
      // Below the shell's header, scrolling within itself when taller than the screen, so Place
      // order is always in reach.
      style={{
        position: 'sticky',
        top: 'calc(var(--app-shell-header-offset, 0px) + 16px)',
        maxHeight: 'calc(100dvh - var(--app-shell-header-offset, 0px) - 32px)',
        overflowY: 'auto',
      }}
    >
      <CartSection scope={props.scope} cart={props.cart} withHeading />
    </Paper>
  );
}
