import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Product } from '@tradeport/contract';
import { useState } from 'react';
import { showSuccessToast } from '#lib/toasts.ts';
import { useUpdateProduct } from '../api/save-product.ts';
import { productFormValuesOf } from '../model/product-form.ts';
import { ProductForm } from './product-form.tsx';

export const STALE_EDIT_MESSAGE =
  'Someone else changed this product while you were editing. Reload to see their changes, then make yours again.';

/** Where an edit starts from: the values shown, and the version they are saved against. */
export type EditBase = { start: Product; version: number; generation: number };

export function editBaseOf(product: Product): EditBase {
  return { start: product, version: product.version, generation: 0 };
}

/**
 * Editing a product. The form keeps the version it started from, so a background refresh never
 * replaces what the person is typing; a save against an older version than the server's is
 * refused (409) and offered a reload.
 */
export function ProductEditor(props: {
  base: EditBase;
  onRestart: (product: Product) => void;
  onReload: () => Promise<Product | undefined>;
}) {
  const { base } = props;
  const update = useUpdateProduct();
  const [isStale, setIsStale] = useState(false);
  const [isReloading, setIsReloading] = useState(false);

  const reload = async () => {
    setIsReloading(true);
    try {
      const fresh = await props.onReload();
      if (fresh) {
        setIsStale(false);
        props.onRestart(fresh);
      }
    } finally {
      setIsReloading(false);
    }
  };

  const notice = isStale && (
    <Alert color="orange" variant="light" title="This product has changed" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{STALE_EDIT_MESSAGE}</Text>
        <Button size="xs" variant="light" color="orange" onClick={() => void reload()} loading={isReloading}>
          Reload product
        </Button>
      </Stack>
    </Alert>
  );

  return (
    <ProductForm
      // A new start (saved, reloaded) begins the form afresh from it.
      key={`${base.start.id}:${base.generation}`}
      initialValues={productFormValuesOf(base.start)}
      label="Product details"
      submitLabel="Save changes"
      save={(body) => update.mutateAsync({ productId: base.start.id, body, version: base.version })}
      onSaved={(saved) => {
        showSuccessToast(`${saved.name} saved`);
        props.onRestart(saved);
      }}
      onStale={() => setIsStale(true)}
      notice={notice}
    />
  );
}
