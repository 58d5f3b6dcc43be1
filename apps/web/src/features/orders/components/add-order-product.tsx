import { Button } from '@mantine/core';
import type { Order, ProductSearchResult } from '@tradeport/contract';
import { useState } from 'react';
import { AddResultButton } from '#shared/product-groups/components/add-result-button.tsx';
import { ProductPickerModal } from '#shared/product-groups/components/product-picker-modal.tsx';
import type { OrderEdit } from '../api/order-edits.ts';
import { orderTitle } from '../model/order-labels.ts';

const LINE_KIND = { plural: 'lines' };

/** One result's add action: the product joins the order as a line of 1, at the customer's price today. */
function AddProductButton(props: {
  order: Order;
  product: ProductSearchResult;
  onAdd: (edit: OrderEdit) => Promise<unknown>;
}) {
  const { order, product } = props;
  const isOnOrder = order.lines.some((line) => line.product_id === product.id);
  const [state, setState] = useState<{ isAdding: boolean; error: unknown }>({ isAdding: false, error: null });
  const add = () => {
    setState({ isAdding: true, error: null });
    props.onAdd({ kind: 'line', productId: product.id, quantity: 1 }).then(
      () => setState({ isAdding: false, error: null }),
      (error: unknown) => setState({ isAdding: false, error }),
    );
  };
  return (
    <AddResultButton
      name={product.name}
      kind={LINE_KIND}
      isAdded={isOnOrder}
      isAdding={state.isAdding}
      error={state.error}
      onAdd={add}
    />
  );
}

/** "Add product": the catalogue picker; each product added becomes a line, priced by the server. */
export function AddOrderProduct(props: { order: Order; onAdd: (edit: OrderEdit) => Promise<unknown> }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setIsOpen(true)}>
        Add product
      </Button>
      <ProductPickerModal
        opened={isOpen}
        targetName={orderTitle(props.order)}
        note="A product added joins the order as a line of 1 at this customer’s price today; change its quantity on the order."
        renderAdd={(product) => (
          <AddProductButton order={props.order} product={product} onAdd={props.onAdd} />
        )}
        onClose={() => setIsOpen(false)}
      />
    </>
  );
}
