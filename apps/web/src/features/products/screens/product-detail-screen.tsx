import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type Product, ProductParams } from '@tradeport/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { formatDate } from '#lib/format.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useProduct } from '../api/get-product.ts';
import { BackToProducts } from '../components/back-to-products.tsx';
import { type EditBase, editBaseOf, ProductEditor } from '../components/product-editor.tsx';
import { ProductActions } from '../components/product-actions.tsx';
import { ProductStatusBadge } from '../components/product-status-badge.tsx';

function ProductNotFound() {
  return (
    <Stack gap="xs" align="flex-start">
      <BackToProducts />
      <Title order={1}>Product not found</Title>
      <Text c="dimmed">
        There is no product at this address. It may have been deleted, or it belongs to another organisation.
      </Text>
      <Button component={Link} to="/products" variant="default">
        Back to products
      </Button>
    </Stack>
  );
}

function ProductSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Text role="status" size="sm" c="dimmed">
        Loading product…
      </Text>
      <Skeleton height={32} width="40%" />
      <Skeleton height={420} />
    </Stack>
  );
}

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
        <BackToProducts />
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
    return <ProductNotFound />;
  }
  if (query.isPending) return <ProductSkeleton />;
  if (query.isError && !query.data) {
    return (
      <Stack gap="md" align="flex-start">
        <BackToProducts />
        <Title order={1}>Product</Title>
        <LoadFailedAlert
          title="We could not load this product"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      </Stack>
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
