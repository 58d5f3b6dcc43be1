import { useDisclosure } from '@mantine/hooks';
import type { GroupSummary, ProductSearchResult } from '@tradeport/contract';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { useDebouncedSearch } from '#lib/use-url-search.ts';
import { useGroupItems } from '../api/list-group-items.ts';
import { useRemoveGroupProduct } from '../api/remove-group-product.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { MemberListState } from './member-list-state.tsx';
import { MemberSection } from './member-section.tsx';
import { type MemberColumn, MemberTable } from './member-table.tsx';
import { ProductName } from './product-name.tsx';
import { ProductPickerModal } from './product-picker-modal.tsx';

const SKU_COLUMN: MemberColumn<GroupProduct> = { header: 'SKU', cell: (item) => item.sku, noWrap: true };

/**
 * The products of a tier or group: paged and searched, with add (through the catalogue picker) and
 * remove for Admins. What differs per kind comes in: a tier adds its price columns and save bar,
 * and each kind says how a picked product is added.
 */
export function GroupProductsSection<S extends z.ZodType<GroupProduct>>(props: {
  kind: GroupKind<S>;
  group: GroupSummary;
  canEdit: boolean;
  description: string;
  pickerNote: string;
  columns?: readonly MemberColumn<z.output<S>>[];
  toolbar?: ReactNode;
  renderAdd: (product: ProductSearchResult) => ReactNode;
  onRefused: (title: string, error: unknown) => void;
}) {
  const { kind, group } = props;
  const { searchText, setSearchText, search } = useDebouncedSearch();
  const query = useGroupItems(kind, group.id, search);
  const remove = useRemoveGroupProduct(kind, group.id);
  const [removing, setRemoving] = useState<GroupProduct | null>(null);
  const [isConfirmOpen, confirm] = useDisclosure(false);
  const [isPickerOpen, picker] = useDisclosure(false);
  const items: z.output<S>[] = query.data?.pages.flatMap((page) => page.items) ?? [];

  const askToRemove = (item: GroupProduct) => {
    setRemoving(item);
    confirm.open();
  };
  const confirmRemove = () => {
    if (!removing || remove.isPending) return;
    const item = removing;
    remove.mutate(item.product_id, {
      onSuccess: () => showSuccessToast(`${item.name} removed from “${group.name}”`),
      onError: (error) => props.onRefused(`${item.name} was not removed`, error),
      onSettled: confirm.close,
    });
  };

  return (
    <MemberSection
      title="Products"
      description={props.description}
      addLabel="Add products"
      canEdit={props.canEdit}
      onAdd={picker.open}
      searchLabel={`Search products in this ${kind.singular}`}
      searchText={searchText}
      onSearchText={setSearchText}
      isSearching={query.isPlaceholderData && query.isFetching}
      toolbar={props.toolbar}
    >
      <MemberListState
        query={query}
        count={items.length}
        search={search}
        singular="product"
        plural="products"
        empty={`No products in this ${kind.singular} yet.`}
      >
        <MemberTable<z.output<S>>
          label={`Products in ${group.name}`}
          rows={items}
          keyOf={(item) => item.product_id}
          nameOf={(item) => item.name}
          nameHeader="Product"
          renderName={(item) => (
            <ProductName id={item.product_id} name={item.name} isActive={item.is_active} />
          )}
          columns={[SKU_COLUMN, ...(props.columns ?? [])]}
          onRemove={props.canEdit ? askToRemove : undefined}
          isUpdating={query.isPlaceholderData && query.isFetching}
          minWidth={640}
        />
      </MemberListState>
      {props.canEdit && (
        <>
          <ConfirmDialog
            opened={isConfirmOpen}
            title={`Remove ${removing?.name ?? 'product'}?`}
            confirmLabel="Remove product"
            isConfirming={remove.isPending}
            onConfirm={confirmRemove}
            onCancel={confirm.close}
          >
            {removing ? kind.removeProductConsequence(removing.name, group.name) : ''}
          </ConfirmDialog>
          <ProductPickerModal
            targetName={group.name}
            note={props.pickerNote}
            renderAdd={props.renderAdd}
            opened={isPickerOpen}
            onClose={picker.close}
          />
        </>
      )}
    </MemberSection>
  );
}
