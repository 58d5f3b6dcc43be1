import { Modal, Stack, Text } from '@mantine/core';
import type { CatalogueProduct } from '@tradeport/contract';
import { useIsPhone } from '#lib/use-is-phone.ts';
import { quantityHint } from '../model/quantity.ts';
import { AddToCartControls } from './add-to-cart-controls.tsx';
import type { ProductCardActions } from './product-card.tsx';
import { ProductImage } from './product-image.tsx';
import { ProductPrice } from './product-price.tsx';

function ProductDetail(props: { product: CatalogueProduct } & Omit<ProductCardActions, 'onOpen'>) {
  const { product } = props;
  const hint = quantityHint(product);
  const facts: [string, string | null | undefined][] = [
    ['SKU', product.sku],
    ['Brand', product.brand_name],
    ['Category', product.category?.name],
    ['Unit', product.unit_of_measure?.name],
  ];

  return (
    <Stack gap="md">
      <ProductImage src={product.image} height={320} />
      <ProductPrice product={product} />
      {product.description && <Text style={{ whiteSpace: 'pre-line' }}>{product.description}</Text>}
      <Stack gap={2}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Text key={label} size="sm">
              <Text span c="dimmed" size="sm">
                {label}:
              </Text>{' '}
              {value}
            </Text>
          ))}
        {hint && <Text size="sm">{hint}</Text>}
      </Stack>
      <AddToCartControls {...props} product={product} />
    </Stack>
  );
}

/** A product's large picture and description, with the same add-to-cart as its card. */
export function ProductDetailModal(
  props: { product: CatalogueProduct | null; onClose: () => void } & Omit<ProductCardActions, 'onOpen'>,
) {
  const isPhone = useIsPhone();
  const { product, onClose, ...actions } = props;
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={product?.name}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {product && <ProductDetail key={product.id} product={product} {...actions} />}
    </Modal>
  );
}
