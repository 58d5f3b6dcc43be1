import { EmptyState, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { type CatalogueProduct, MIN_SEARCH_CHARS } from '@tradeport/contract';
import { useId, useState } from 'react';
import { NoSearchMatches } from '#lib/ui/no-search-matches.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useUrlSearch } from '#lib/use-url-search.ts';
import { useCatalogue } from '../api/list-catalogue.ts';
import type { OrderingScope } from '../api/ordering-keys.ts';
import { CatalogueFilters, useChosenFacets } from './catalogue-filters.tsx';
import { ProductCard, type ProductCardActions } from './product-card.tsx';
import { ProductDetailModal } from './product-detail-modal.tsx';

function CatalogueSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2, xl: 3 }} aria-hidden>
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} height={300} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/**
 * The merchant's catalogue as the customer sees it: searched (2+ characters, the term kept in the
 * URL) and filtered by category and brand on the server, a page at a time, each product with its
 * add to cart.
 */
export function CatalogueBrowser(props: { scope: OrderingScope } & Omit<ProductCardActions, 'onOpen'>) {
  const { scope, ...actions } = props;
  const { categoryId, brandId } = useChosenFacets();
  const { searchText, setSearchText, search } = useUrlSearch({ minLength: MIN_SEARCH_CHARS });
  const query = useCatalogue(scope, { search, categoryId, brandId });
  const [opened, setOpened] = useState<CatalogueProduct | null>(null);
  const headingId = useId();

  const products = query.data?.pages.flatMap((page) => page.items) ?? [];
  const isUpdating = query.isPlaceholderData && query.isFetching;
  const isFiltered = categoryId !== null || brandId !== null;

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      {/* The page's outline: the products, then the cart (h2 both), for screen-reader navigation. */}
      <VisuallyHidden component="h2" id={headingId}>
        Products
      </VisuallyHidden>
      <CatalogueFilters
        scope={scope}
        searchText={searchText}
        onSearchText={setSearchText}
        isUpdating={isUpdating}
      />
      <PagedListContent
        query={query}
        shown={products.length}
        singular="product"
        plural="products"
        skeleton={<CatalogueSkeleton />}
        empty={
          search ? (
            <NoSearchMatches plural="products" search={search} onClear={() => setSearchText('')} />
          ) : (
            <EmptyState
              title={isFiltered ? 'No products match these filters' : 'No products to order yet'}
              description={
                isFiltered
                  ? 'Choose another category or brand to see more.'
                  : 'Products appear here as soon as they are available to order.'
              }
            />
          )
        }
      >
        <SimpleGrid
          cols={{ base: 1, lg: 2, xl: 3 }}
          component="ul"
          aria-label="Products"
          aria-busy={isUpdating}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {products.map((product) => (
            <ProductCard key={product.id} product={product} onOpen={setOpened} {...actions} />
          ))}
        </SimpleGrid>
      </PagedListContent>
      <ProductDetailModal product={opened} onClose={() => setOpened(null)} {...actions} />
    </Stack>
  );
}
