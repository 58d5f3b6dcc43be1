import { Badge, Box, Button, Drawer, Grid, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CatalogueProduct } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { useIsPhone } from '#lib/use-is-phone.ts';
import { useCart, useSetCartLine } from '../api/cart.ts';
import type { OrderingScope } from '../api/ordering-keys.ts';
import { orderableQuantity } from '../model/quantity.ts';
import { CatalogueBrowser } from './catalogue-browser.tsx';
import { CartSection, CartSidePanel } from './cart-section.tsx';

/**
 * Browse and cart, for whoever is ordering: a customer in its portal, or a merchant entering an
 * order for one. On a wide screen the cart sits beside the products; on a phone it opens from a
 * button that stays at the bottom of the screen, with the count and the total.
 */
export function OrderingWorkspace(props: { scope: OrderingScope }) {
  const { scope } = props;
  const isPhone = useIsPhone();
  const [isCartOpen, cartDrawer] = useDisclosure(false);
  const cart = useCart(scope);
  const addLine = useSetCartLine(scope);

  const inCart = (productId: string) =>
    cart.data?.lines.find((line) => line.product_id === productId)?.quantity ?? 0;
  const onAdd = (product: CatalogueProduct, quantity: number) =>
    addLine.mutate(
      // Onto what is there; a line left short of the rules (they changed) is brought up to them.
      { productId: product.id, quantity: orderableQuantity(product, inCart(product.id) + quantity) },
      { onSuccess: () => showSuccessToast(`${product.name} added to cart`) },
    );
  const isAdding = (productId: string) => addLine.isPending && addLine.variables?.productId === productId;
  const browser = <CatalogueBrowser scope={scope} inCart={inCart} isAdding={isAdding} onAdd={onAdd} />;

  if (!isPhone) {
    return (
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>{browser}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>
          <CartSidePanel scope={scope} cart={cart} />
        </Grid.Col>
      </Grid>
    );
  }

  const count = cart.data?.lines.length ?? 0;
  const lines = `${count} ${count === 1 ? 'line' : 'lines'}`;
  return (
    <Stack gap="md">
      {browser}
      <Box
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Button size="lg" fullWidth onClick={cartDrawer.open} aria-haspopup="dialog">
          <Group gap="xs" wrap="nowrap">
            <Text inherit>View cart</Text>
            {/* Every word shown, so the button's name is what it says (WCAG 2.5.3). */}
            <Badge color="white" c="teal.9" variant="filled" size="lg">
              {lines}
            </Badge>
            {cart.data && <Text inherit>{formatMoney(cart.data.totals.total_cents)}</Text>}
          </Group>
        </Button>
      </Box>
      <Drawer
        opened={isCartOpen}
        onClose={cartDrawer.close}
        title="Cart"
        position="bottom"
        size="100%"
        closeButtonProps={{ 'aria-label': 'Close cart' }}
      >
        <CartSection scope={scope} cart={cart} withHeading={false} />
      </Drawer>
    </Stack>
  );
}
