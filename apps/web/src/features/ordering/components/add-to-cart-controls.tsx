import { Button, Group, Text } from '@mantine/core';
import type { CatalogueProduct } from '@tradeport/contract';
import { useState } from 'react';
import { firstQuantity } from '../model/quantity.ts';
import type { ProductCardActions } from './product-card.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

/**
 * The stepper (starting at the product's first orderable quantity), "Add to cart", and how many
 * are in the cart already: the same on a product's card and in its detail.
 */
export function AddToCartControls(
  props: { product: CatalogueProduct; justify?: 'space-between' } & Pick<
    ProductCardActions,
    'inCart' | 'isAdding' | 'onAdd'
  >,
) {
  const { product } = props;
  const [quantity, setQuantity] = useState(() => firstQuantity(product));
  const inCart = props.inCart(product.id);
  return (
    <>
      <Group gap="xs" justify={props.justify} wrap="wrap">
        <QuantityStepper productName={product.name} rule={product} value={quantity} onChange={setQuantity} />
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
    </>
  );
}
