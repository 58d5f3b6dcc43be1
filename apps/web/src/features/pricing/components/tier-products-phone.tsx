import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TierItem } from '@tradeport/contract';
import { type ReactNode, useState } from 'react';
import { useGroupItems } from '#shared/product-groups/api/list-group-items.ts';
import { useRemoveGroupProduct } from '#shared/product-groups/api/remove-group-product.ts';
import { MemberListState } from '#shared/product-groups/components/member-list-state.tsx';
import { MemberSection } from '#shared/product-groups/components/member-section.tsx';
import { ProductName } from '#shared/product-groups/components/product-name.tsx';
import { ProductPickerModal } from '#shared/product-groups/components/product-picker-modal.tsx';
import type { ProductsPanelProps } from '#shared/product-groups/screens/group-detail-screen.tsx';
import { formatMoney } from '#lib/format.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { useDebouncedSearch } from '#lib/use-url-search.ts';
import { pricingKind } from '../model/pricing-kind.ts';
import { TierPriceInput } from './tier-price-input.tsx';
import { TierProductAdder } from './tier-product-adder.tsx';
import type { PriceEditsState } from './use-price-edits.ts';

/**
 * A tier's Products on a phone: one card per product with its SKU, base price and tier price on
 * screen (a table's price columns would sit off to the right), the same paging, search, price
 * edits, add and remove as the wide table (GroupProductsSection).
 */
export function TierProductsPhone(
  props: ProductsPanelProps & {
    edits: PriceEditsState;
    description: string;
    pickerNote: string;
    toolbar?: ReactNode;
  },
) {
  const { group, canEdit, edits } = props;
  const { searchText, setSearchText, search } = useDebouncedSearch();
  const query = useGroupItems(pricingKind, group.id, search);
  const remove = useRemoveGroupProduct(pricingKind, group.id);
  const [removing, setRemoving] = useState<TierItem | null>(null);
  const [isConfirmOpen, confirm] = useDisclosure(false);
  const [isPickerOpen, picker] = useDisclosure(false);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

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
      canEdit={canEdit}
      onAdd={picker.open}
      searchLabel={`Search products in this ${pricingKind.singular}`}
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
        empty={`No products in this ${pricingKind.singular} yet.`}
      >
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Products in ${group.name}`}
        >
          {items.map((item) => (
            <Paper key={item.product_id} component="li" withBorder p="sm" aria-label={item.name}>
              <Stack gap={6}>
                <ProductName id={item.product_id} name={item.name} isActive={item.is_active} />
                <Text size="sm" c="dimmed">
                  {item.sku} · Base {formatMoney(item.base_price_cents)}
                </Text>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  {canEdit ? (
                    <TierPriceInput
                      item={item}
                      edit={edits.edits[item.product_id]}
                      error={edits.errors[item.product_id]}
                      onChange={(text) => edits.setText(item, text)}
                      onRevert={() => edits.revert(item.product_id)}
                    />
                  ) : (
                    <Text size="sm" fw={600}>
                      Tier price {formatMoney(item.price_cents)}
                    </Text>
                  )}
                  {canEdit && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${item.name}`}
                      onClick={() => {
                        setRemoving(item);
                        confirm.open();
                      }}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      </MemberListState>
      {canEdit && (
        <>
          <ConfirmDialog
            opened={isConfirmOpen}
            title={`Remove ${removing?.name ?? 'product'}?`}
            confirmLabel="Remove product"
            isConfirming={remove.isPending}
            onConfirm={confirmRemove}
            onCancel={confirm.close}
          >
            {removing ? pricingKind.removeProductConsequence(removing.name, group.name) : ''}
          </ConfirmDialog>
          <ProductPickerModal
            group={group}
            note={props.pickerNote}
            renderAdd={(product) => <TierProductAdder tierId={group.id} product={product} />}
            opened={isPickerOpen}
            onClose={picker.close}
          />
        </>
      )}
    </MemberSection>
  );
}
