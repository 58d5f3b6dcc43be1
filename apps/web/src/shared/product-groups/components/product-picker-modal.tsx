import { Button, Group, Modal, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { type GroupSummary, MIN_SEARCH_CHARS, type ProductSearchResult } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { formatMoney } from '#lib/format.ts';
import { useDebouncedSearch } from '#lib/use-url-search.ts';
import { useProductSearch } from '../api/search-products.ts';
import { PickerStatus } from './picker-status.tsx';
import { ProductName } from './product-name.tsx';

type PickerProps = {
  /** What the products are added to; only its name is shown (a group, or an order). */
  group: Pick<GroupSummary, 'name'>;
  /** What adding means for this kind, above the search. */
  note: string;
  /** The add action of one result: a button, or for a tier a price and a button. */
  renderAdd: (product: ProductSearchResult) => ReactNode;
  onClose: () => void;
};

function ProductPicker(props: PickerProps) {
  const { searchText, setSearchText, search: term } = useDebouncedSearch({ minLength: MIN_SEARCH_CHARS });
  const query = useProductSearch(term);
  const products = query.data?.items ?? [];

  return (
    <Stack gap="md">
      <Text size="sm">{props.note}</Text>
      <TextInput
        type="search"
        label="Search your products"
        placeholder="Name, SKU or brand"
        data-autofocus
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
      />
      <PickerStatus
        term={term}
        noun="products"
        isPending={query.isPending}
        isError={query.isError}
        count={products.length}
        onRetry={() => void query.refetch()}
      />
      {term && products.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Matching products" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Product</Table.Th>
                <Table.Th scope="col">SKU</Table.Th>
                <Table.Th scope="col" ta="right">
                  Base price
                </Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Add</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.map((product) => (
                <Table.Tr key={product.id}>
                  <Table.Th scope="row" fw={500}>
                    <ProductName
                      id={product.id}
                      name={product.name}
                      isActive={product.is_active}
                      isLink={false}
                    />
                  </Table.Th>
                  <Table.Td>{product.sku}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(product.base_price_cents)}
                  </Table.Td>
                  <Table.Td>{props.renderAdd(product)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Add products": searches the catalogue (2+ characters, best matches first) and adds each chosen
 * product from its row, so several can be added while the picker stays open. Unmounted on close,
 * so each opening starts with an empty search.
 */
export function ProductPickerModal(props: PickerProps & { opened: boolean }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Add products to “${props.group.name}”`}
      size="xl"
    >
      <ProductPicker
        group={props.group}
        note={props.note}
        renderAdd={props.renderAdd}
        onClose={props.onClose}
      />
    </Modal>
  );
}
