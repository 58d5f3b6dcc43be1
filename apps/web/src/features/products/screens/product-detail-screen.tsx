import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type Product, ProductParams } from '@tradeport/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { formatDate } from '#lib/format.ts';
import { BackLink, RecordLoadFailed, RecordLoading, RecordNotFound } from '#lib/ui/record-states.tsx';
import { useProduct } from '../api/get-product.ts';
import { type EditBase, editBaseOf, ProductEditor } from '../components/product-editor.tsx';
import { ProductActions } from '../components/product-actions.tsx';
import { ProductStatusBadge } from '../components/product-status-badge.tsx';
import { routePath } from '#lib/routes.ts';

const PRODUCTS = { path: routePath('/products'), label: 'Products' };

function ProductDetail(props: { product: Product; onReload: () => Promise<Product | undefined> }) {
  const { product } = props;
  const [base, setBase] = useState<EditBase>(() => editBaseOf(product));
  const restart = (from: Product) =>
    setBase((current) => ({ start: from, version: from.version, generation: current.generation + 1 }));

  // An archive or restore made here moves the version on by one; the edit in progress follows it.
  // A larger jump means someone else saved too, and the save is left to meet their version (409).
  const onOwnChange = (changed: Product) =>
    setBase((current) =>
      changed.version === current.version + 1 ? { ...current, version: changed.version } : current,
    );

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={6}>
        <BackLink to={PRODUCTS} />
        <Group justify="space-between" align="center">
          <Group gap="sm" align="center">
            <Title order={1}>{product.name}</Title>
            <ProductStatusBadge isActive={product.is_active} size="lg" />
          </Group>
          <ProductActions product={product} onChanged={onOwnChange} />
        </Group>
        <Text size="sm" c="dimmed">
          SKU {product.sku} · Added {formatDate(product.created_at)} · Last changed{' '}
          {formatDate(product.updated_at)}
        </Text>
      </Stack>
      {!product.is_active && (
        <Alert color="gray" variant="light">
          This product is archived: customers cannot see or order it. Orders that name it keep it.
        </Alert>
      )}
      <Paper withBorder p="lg">
        <ProductEditor base={base} onRestart={restart} onReload={props.onReload} />
      </Paper>
    </Stack>
  );
}

/** /products/:productId: one product's details to edit, its status, and delete. */
export function ProductDetailScreen() {
  const { productId = '' } = useParams();
  // An address that cannot be a product id is not found without asking the server.
  const isProductId = ProductParams.shape.id.safeParse(productId).success;
  const query = useProduct(productId, { enabled: isProductId });

  if (!isProductId || (query.error instanceof ApiError && query.error.status === 404)) {
    return <RecordNotFound list={PRODUCTS} title="Product" what="product" goneBy="deleted" />;
  }
  if (query.isPending) return <RecordLoading what="product" blocks={[420]} />;
  if (query.isError && !query.data) {
    return (
      <RecordLoadFailed
        list={PRODUCTS}
        title="Product"
        what="product"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <ProductDetail
      key={query.data.id}
      product={query.data}
      onReload={async () => (await query.refetch()).data}
    />
  );
}
