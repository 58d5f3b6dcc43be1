import type { ProductSearchResult } from '@tradeport/contract';
import { useState } from 'react';
import { useRefreshAccess } from '#shared/product-groups/api/use-can-edit.ts';
import { AddResultButton } from '#shared/product-groups/components/add-result-button.tsx';
import { isForbidden } from '#lib/admin-only-reason.ts';
import { useAddGroupProducts } from '../api/add-group-products.ts';
import { visibilityKind } from '../model/visibility-kind.ts';

/** The picker's add action for a visibility group: the product joins the group as it is. */
export function GroupProductAdder(props: { groupId: string; product: ProductSearchResult }) {
  const add = useAddGroupProducts(props.groupId);
  const refreshAccess = useRefreshAccess();
  const [isAdded, setIsAdded] = useState(false);
  return (
    <AddResultButton
      name={props.product.name}
      kind={visibilityKind}
      isAdded={isAdded}
      isAdding={add.isPending}
      error={add.error}
      onAdd={() =>
        add.mutate([props.product.id], {
          onSuccess: () => setIsAdded(true),
          onError: (error) => {
            if (isForbidden(error)) refreshAccess();
          },
        })
      }
    />
  );
}
