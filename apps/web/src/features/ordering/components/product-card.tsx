import { Card, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CatalogueProduct } from '@tradeport/contract';
import { quantityHint } from '../model/quantity.ts';
import { AddToCartControls } from './add-to-cart-controls.tsx';
import { ProductImage } from './product-image.tsx';
import { ProductPrice } from './product-price.tsx';

export type AddToCart = (product: CatalogueProduct, quantity: number) => void;

/** What a product card needs of its list: what is in the cart, and how to add more or look closer. */
export type ProductCardActions = {
  inCart: (productId: string) => number;
  isAdding: (productId: string) => boolean;
  onAdd: AddToCart;
  onOpen: (product: CatalogueProduct) => void;
};

export function ProductCard(props: { product: CatalogueProduct } & ProductCardActions) {
  const { product } = props;
  const hint = quantityHint(product);
  const facts = [product.brand_name, product.unit_of_measure?.name].filter(Boolean).join(' · ');

  return (
    <Card withBorder padding="sm" component="li" aria-label={product.name} h="100%">
      <Stack gap="xs" h="100%" justify="space-between">
        {/* Named by its visible words, the product's name (WCAG 2.5.3); it opens the product's detail. */}
        <UnstyledButton onClick={() => props.onOpen(product)} aria-haspopup="dialog">
          <Stack gap={6}>
            <ProductImage src={product.image} height={140} />
            <Text fw={600} lh={1.3}>
              {product.name}
            </Text>
          </Stack>
        </UnstyledButton>
        {facts && (
          <Text size="sm" c="dimmed">
            {facts}
          </Text>
        )}
        <ProductPrice product={product} />
        {hint && <Text size="sm">{hint}</Text>}
        <AddToCartControls {...props} product={product} justify="space-between" />
      </Stack>
    </Card>
  );
}
