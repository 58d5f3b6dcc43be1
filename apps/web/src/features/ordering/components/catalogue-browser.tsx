import {
  EmptyState,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { type CatalogueProduct, MIN_SEARCH_CHARS } from '@tradeport/contract';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NoSearchMatches } from '#lib/ui/no-search-matches.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useUrlSearch } from '#lib/use-url-search.ts';
import { useCatalogue } from '../api/list-catalogue.ts';
import type { OrderingScope } from '../api/ordering-keys.ts';
import { ProductCard, type ProductCardActions } from './product-card.tsx';
import { ProductDetailModal } from './product-detail-modal.tsx';

const CATEGORY_PARAM = 'category';
const ALL_CATEGORIES = '';

type Category = { id: string; name: string };

/**
 * The categories met so far in the catalogue. The merchant's category list is its own to read, not
 * its customers', so the portal offers those its products carry, and keeps each once seen so that
 * filtering by one never empties the list of the others.
 */
function useSeenCategories(products: readonly CatalogueProduct[]): Category[] {
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(new Map());
  const fresh = products.flatMap((p) => (p.category && !seen.has(p.category.id) ? [p.category] : []));
  if (fresh.length > 0) setSeen(new Map([...seen, ...fresh.map((c) => [c.id, c.name] as const)]));
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

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
 * URL) and filtered by category on the server, a page at a time, each product with its add to cart.
 */
export function CatalogueBrowser(props: { scope: OrderingScope } & Omit<ProductCardActions, 'onOpen'>) {
  const { scope, ...actions } = props;
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryId = searchParams.get(CATEGORY_PARAM) || null;
  const { searchText, setSearchText, search } = useUrlSearch({ minLength: MIN_SEARCH_CHARS });
  const query = useCatalogue(scope, { search, categoryId });
  const [opened, setOpened] = useState<CatalogueProduct | null>(null);
  const headingId = useId();

  const products = query.data?.pages.flatMap((page) => page.items) ?? [];
  const categories = useSeenCategories(products);
  const isSearchTooShort = searchText.trim().length > 0 && searchText.trim().length < MIN_SEARCH_CHARS;
  const isUpdating = query.isPlaceholderData && query.isFetching;

  const setCategory = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(CATEGORY_PARAM, value);
    else next.delete(CATEGORY_PARAM);
    setSearchParams(next, { replace: true });
  };
  const isChosenUnlisted = categoryId !== null && !categories.some((c) => c.id === categoryId);

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      {/* The page's outline: the products, then the cart (h2 both), for screen-reader navigation. */}
      <VisuallyHidden component="h2" id={headingId}>
        Products
      </VisuallyHidden>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="search"
          label="Search products"
          placeholder="Name, SKU or brand"
          size="md"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          description={
            isSearchTooShort ? `Type at least ${MIN_SEARCH_CHARS} characters to search` : undefined
          }
          rightSection={isUpdating ? <Loader size="xs" aria-label="Searching" /> : undefined}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect
          label="Category"
          size="md"
          value={categoryId ?? ALL_CATEGORIES}
          onChange={(event) => setCategory(event.currentTarget.value)}
          data={[
            { value: ALL_CATEGORIES, label: 'All categories' },
            ...categories.map((category) => ({ value: category.id, label: category.name })),
            ...(isChosenUnlisted && categoryId ? [{ value: categoryId, label: 'Chosen category' }] : []),
          ]}
          style={{ flex: '0 1 220px' }}
        />
      </Group>
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
              title={categoryId ? 'No products in this category' : 'No products to order yet'}
              description={
                categoryId
                  ? 'Choose another category to see more.'
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
