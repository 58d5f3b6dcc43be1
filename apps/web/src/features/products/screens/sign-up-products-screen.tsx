import { Button, Divider, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Product } from '@tradeport/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { countOf, formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';
import { useProducts } from '../api/list-products.ts';
import { ImportProductsModal } from '../components/import-products-modal.tsx';
import { QuickAddProductForm } from '../components/quick-add-product-form.tsx';

const ACTIVE = {
  search: null,
  brand_id: null,
  supplier_id: null,
  category_id: null,
  status: 'active',
} as const;

/** How many products the merchant has (an import adds many at once), from the list's total. */
function ProductCount() {
  const products = useProducts(ACTIVE);
  const total = products.data?.pages[0]?.total;
  if (total === undefined || total === null) return null;
  return (
    <Text size="sm" c="dimmed" role="status">
      {total === 0 ? 'No products yet.' : `You have ${countOf(total, 'product')}.`}
    </Text>
  );
}

/**
 * /sign-up-products, sign-up's second step (no side navigation, SPEC §2): a few products by hand, or
 * a CSV import of the whole list; each can be skipped and done later from Products.
 */
export function SignUpProductsScreen() {
  const [added, setAdded] = useState<Product[]>([]);
  const [isImporting, setIsImporting] = useState(false);

  return (
    <AuthCard
      title="Add your products"
      maw={760}
      description={
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Step 2 of 3
          </Text>
          <Text c="dimmed">
            Add a few products now to see how your customers will order, or import your whole list from a
            spreadsheet. Brands, categories, images and pack sizes can be added later from Products.
          </Text>
        </Stack>
      }
    >
      <QuickAddProductForm onAdded={(product) => setAdded((list) => [...list, product])} />
      {added.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h5" mb="xs">
            Added just now
          </Title>
          <List spacing={4} aria-label="Products added just now">
            {added.map((product) => (
              <List.Item key={product.id}>
                {product.name} ({product.sku}) — {formatMoney(product.base_price_cents)} ex GST
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      <Divider label="or" labelPosition="center" />
      <Group justify="space-between" align="center">
        <Text size="sm">Have your products in a spreadsheet? Save it as CSV and import it.</Text>
        <Button variant="default" onClick={() => setIsImporting(true)}>
          Import a CSV
        </Button>
      </Group>
      <ProductCount />
      <Group justify="flex-end">
        <Button component={Link} to={routePath('/sign-up-payment')}>
          {added.length > 0 ? 'Continue' : 'Skip for now'}
        </Button>
      </Group>
      <ImportProductsModal opened={isImporting} onClose={() => setIsImporting(false)} />
    </AuthCard>
  );
}
