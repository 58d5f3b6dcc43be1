import { Button, Group } from '@mantine/core';
import type { Product } from '@tradeport/contract';
import { useState } from 'react';
import { showSuccessToast } from '#lib/toasts.ts';
import { useChangeProductState } from '../api/product-lifecycle.ts';
import { DeleteProductDialog } from './delete-product-dialog.tsx';

/** Archive or restore (reversible, so no question asked), and delete (asked first). */
export function ProductActions(props: { product: Product; onChanged: (product: Product) => void }) {
  const { product } = props;
  const change = useChangeProductState(product.id);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const action = product.is_active ? 'archive' : 'restore';

  const onChange = () =>
    change.mutate(action, {
      onSuccess: (changed) => {
        showSuccessToast(`${changed.name} ${changed.is_active ? 'restored' : 'archived'}`);
        props.onChanged(changed);
      },
    });

  return (
    <Group gap="xs">
      <Button variant="default" onClick={onChange} loading={change.isPending}>
        {product.is_active ? 'Archive' : 'Restore'}
      </Button>
      <Button color="red" variant="light" onClick={() => setIsDeleteOpen(true)}>
        Delete
      </Button>
      <DeleteProductDialog
        product={product}
        opened={isDeleteOpen}
        onClose={() => setIsDeleteOpen(false)}
        onArchived={props.onChanged}
      />
    </Group>
  );
}
