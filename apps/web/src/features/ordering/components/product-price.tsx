import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CatalogueProduct } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { priceIncGstCents } from '../model/prices.ts';

/** The customer's price ex GST, with GST, and "Your price" when its tier sets it. */
export function ProductPrice(props: { product: CatalogueProduct }) {
  const { product } = props;
  return (
    <Stack gap={0}>
      <Group gap="xs" wrap="nowrap">
        <Text fw={700} size="lg">
          {formatMoney(product.price_cents)}
        </Text>
        <Text size="sm" c="dimmed">
          ex GST
        </Text>
        {product.is_tier_price && (
          <Badge color="teal" variant="light" size="sm">
            Your price
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {product.is_gst_applicable ? `${formatMoney(priceIncGstCents(product))} inc GST` : 'GST-free'}
      </Text>
    </Stack>
  );
}
