import { Loader, Group, Text } from '@mantine/core';
import type { Product } from '@tradeport/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { useProductDependencies } from '../api/product-dependencies.ts';
import { useChangeProductState, useDeleteProduct } from '../api/product-lifecycle.ts';
import { usageText } from '../model/format-product.ts';
import { DeleteProductsDialog } from './delete-products-dialog.tsx';
import { routePath } from '#lib/routes.ts';

/**
 * Deleting one product: what uses it is asked first, so a used product says why it cannot go and
 * offers archive instead; a refusal that still comes (used in the meantime) is shown the same way.
 */
export function DeleteProductDialog(props: {
  product: Product;
  opened: boolean;
  onClose: () => void;
  onArchived: (product: Product) => void;
}) {
  const { product } = props;
  const navigate = useNavigate();
  const usage = useProductDependencies(product.id, { enabled: props.opened });
  const remove = useDeleteProduct(product.id);
  const archive = useChangeProductState(product.id);
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setRefusal(null);
    props.onClose();
  };

  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        showSuccessToast(`${product.name} deleted`);
        void navigate(routePath('/products'), { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CONFLICT') setRefusal(error.message);
      },
    });

  const onArchive = () =>
    archive.mutate('archive', {
      onSuccess: (archived) => {
        showSuccessToast(`${archived.name} archived`);
        props.onArchived(archived);
        close();
      },
    });

  const used = usage.data ? usageText(usage.data) : null;
  let body;
  if (usage.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Checking what uses this product…</Text>
      </Group>
    );
  } else if (usage.data && !usage.data.can_delete) {
    body = <Text size="sm">{`${used ?? 'It is in use'} — archive it instead.`}</Text>;
  } else {
    body = <Text size="sm">{`${product.name} will be removed for good. This cannot be undone.`}</Text>;
  }

  return (
    <DeleteProductsDialog
      opened={props.opened}
      title={`Delete ${product.name}?`}
      refusal={refusal}
      // While unknown (or if asking failed) the server still refuses a used product with a 409.
      canDelete={!usage.isPending && usage.data?.can_delete !== false}
      canArchive={product.is_active}
      isDeleting={remove.isPending}
      isArchiving={archive.isPending}
      onDelete={onDelete}
      onArchiveInstead={onArchive}
      onCancel={close}
    >
      {body}
    </DeleteProductsDialog>
  );
}
