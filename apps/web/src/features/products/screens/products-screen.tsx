import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useExportProducts } from '../api/export-products.ts';
import { useProducts } from '../api/list-products.ts';
import { BulkActionsBar, type BulkTarget } from '../components/bulk-actions-bar.tsx';
import { ImportProductsModal } from '../components/import-products-modal.tsx';
import { NoProducts } from '../components/no-products.tsx';
import { ProductFilterBar } from '../components/product-filter-bar.tsx';
import { ProductsTable, ProductsTableSkeleton } from '../components/products-table.tsx';
import { useProductFilters } from './use-product-filters.ts';
import { useRowSelection } from './use-row-selection.ts';
import { routePath } from '#lib/routes.ts';

/** /products: the merchant's catalogue, searched, filtered and paged on the server, with bulk actions. */
export function ProductsScreen() {
  const filterState = useProductFilters();
  const { filters, order } = filterState;
  const query = useProducts(filters, order);
  const exportCsv = useExportProducts();
  const [isImportOpen, importModal] = useDisclosure(false);

  const products = query.data?.pages.flatMap((page) => page.items) ?? [];
  const rows = useRowSelection(
    JSON.stringify(filters),
    products.map((product) => product.id),
  );
  const isUpdating = query.isPlaceholderData && query.isFetching;
  /** How many products the filters match (asked with the first page). */
  const total = query.data?.pages[0]?.total ?? null;
  const selectedProducts = products.filter((product) => rows.selectedIds.includes(product.id));
  const target: BulkTarget =
    rows.isAllMatching && total !== null
      ? { kind: 'matching', total, filters }
      : { kind: 'rows', products: selectedProducts };

  const content = (
    <PagedListContent
      query={query}
      shown={products.length}
      singular="product"
      plural="products"
      skeleton={<ProductsTableSkeleton />}
      empty={
        <NoProducts
          isFiltered={filterState.isFiltered}
          status={filters.status}
          onImport={importModal.open}
          onClearFilters={filterState.clear}
        />
      }
    >
      {total !== null && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {`${total.toLocaleString('en-AU')} ${total === 1 ? 'product' : 'products'}`}
        </Text>
      )}
      {rows.selectedIds.length > 0 && (
        <BulkActionsBar
          target={target}
          moreMatching={rows.isAllShownSelected && total !== null && total > products.length ? total : null}
          onSelectAllMatching={rows.selectAllMatching}
          onDone={rows.clear}
          onClear={rows.clear}
        />
      )}
      <ProductsTable
        products={products}
        selection={rows.selection}
        isUpdating={isUpdating}
        order={order}
        onSort={filterState.sortBy}
        onOrder={filterState.setOrder}
      />
    </PagedListContent>
  );

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Products"
        description="What you sell, with its prices ex GST. Archived products are kept for past orders."
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => exportCsv.mutate(filters)} loading={exportCsv.isPending}>
              Export CSV
            </Button>
            <Button variant="default" onClick={importModal.open}>
              Import CSV
            </Button>
            <Button component={Link} to={routePath('/products/create')}>
              Create product
            </Button>
          </Group>
        }
      />
      <ProductFilterBar state={filterState} isSearching={isUpdating} />
      {content}
      <ImportProductsModal opened={isImportOpen} onClose={importModal.close} />
    </Stack>
  );
}
