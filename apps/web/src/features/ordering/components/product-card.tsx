import { Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CatalogueProduct } from '@tradeport/contract';
import { useState } from 'react';
import { firstQuantity, quantityHint } from '../model/quantity.ts';
import { ProductImage } from './product-image.tsx';
import { ProductPrice } from './product-price.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

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
  const [quantity, setQuantity] = useState(() => firstQuantity(product));
  const hint = quantityHint(product);
  const inCart = props.inCart(product.id);
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
        <Group gap="xs" justify="space-between" wrap="wrap">
          <QuantityStepper
            productName={product.name}
            rule={product}
            value={quantity}
            onChange={setQuantity}
          />
          <Button
            size="md"
            aria-label={`Add to cart: ${product.name}`}
            loading={props.isAdding(product.id)}
            onClick={() => props.onAdd(product, quantity)}
          >
            Add to cart
          </Button>
        </Group>
        {inCart > 0 && (
          <Text size="sm" c="teal" fw={500}>
            {inCart} in cart
          </Text>
        )}
      </Stack>
    </Card>
  );
}
