import { Text } from '@mantine/core';
import {
  type AccountingConnection,
  type BooksItem,
  type ProductLinks,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { productLinks } from '../api/accounting-record-links.ts';
import { ITEM_REASON_LABEL } from '../model/link-words.ts';
import { type RecordLinksKind, RecordLinksSection, type RecordLinksView } from './record-links-panel.tsx';
import { recordLinksView } from './record-links-view.ts';

/** An item as the books list it: by its code, which invoice lines name it by. */
const itemLabel = (item: BooksItem) => (item.name ? `${item.code} – ${item.name}` : item.code);

function ProductDetails(props: { product: ProductLinks['items'][number]['product'] }) {
  const { product } = props;
  return (
    <Text size="xs" c="dimmed">
      SKU{' '}
      <Text span ff="monospace" inherit>
        {product.sku}
      </Text>
      {` · ${formatMoney(product.base_price_cents)} ex GST`}
      {!product.is_gst_applicable && ' · GST-free'}
    </Text>
  );
}

/** The pages' rows; the counts and the items left as the last page read them. */
const productView = (pages: readonly ProductLinks[]): RecordLinksView =>
  recordLinksView(
    pages,
    ({ product, link, suggestion }) => ({
      id: product.id,
      name: product.name,
      details: <ProductDetails product={product} />,
      link,
      suggestion: suggestion && {
        value: suggestion.id,
        label: itemLabel(suggestion),
        reason: ITEM_REASON_LABEL,
      },
    }),
    (last) => last.unlinked_items.map((item) => ({ value: item.id, label: itemLabel(item) })),
  );

const PRODUCTS: RecordLinksKind<ProductLinks> = {
  title: 'Products',
  column: 'Product',
  words: { record: 'product', records: 'products', bookRecord: 'item', bookRecords: 'items' },
  intro: (name) => (
    <Text>
      Link each product to its item in {name}, so invoice lines name the item by its code. Items are suggested
      by SKU; one created in {name} gets the SKU as its code, the price ex GST, and the mapping’s sales
      account and tax rate. A product left unlinked is sent by its name and SKU, without an item.
    </Text>
  ),
  useLinks: productLinks.useLinks,
  toView: productView,
  empty: {
    description: 'Products you add show here, to link to the items in your books.',
    to: routePath('/products'),
  },
};

/**
 * CONNECTED: each product's item in the books, which its invoice lines name. Suggested by SKU (the
 * item's code); linked one by one or all at once, or made there with the mapping's sales account.
 */
export function ProductLinksSection(props: {
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
}) {
  return <RecordLinksSection kind={PRODUCTS} {...props} />;
}
