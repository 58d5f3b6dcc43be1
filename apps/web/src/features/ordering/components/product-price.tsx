import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CatalogueProduct } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { priceIncGstCents } from '../model/prices.ts';

/**
 * Inc GST at the product's rate for this customer; else "GST-free" for a GST-free product, or "No
 * GST" for a taxable one the customer pays none on (a tax-exempt customer, a 0 % tax rule).
 */
function gstNote(product: CatalogueProduct) {
  if (product.gst_rate_basis_points > 0) return `${formatMoney(priceIncGstCents(product))} inc GST`;
  return product.is_gst_applicable ? 'No GST' : 'GST-free';
}

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
        {gstNote(product)}
      </Text>
    </Stack>
  );
}
