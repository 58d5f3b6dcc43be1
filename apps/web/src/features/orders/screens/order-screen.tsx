import { Button, Divider, Group, Stack } from '@mantine/core';
import { type CurrentUser, type Order, type OrderLine, RecordId } from '@tradeport/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { useCurrentAccount } from '#lib/current-account.ts';
import { routePath } from '#lib/routes.ts';
import { BackLink, RecordLoadFailed, RecordLoading, RecordNotFound } from '#lib/ui/record-states.tsx';
import { useOrder } from '../api/get-order.ts';
import { useOrderEdit } from '../api/order-edits.ts';
import { useDownloadOrderPdf } from '../api/order-pdfs.ts';
import { AddOrderProduct } from '../components/add-order-product.tsx';
import { CreditLineDialog } from '../components/credit-line-dialog.tsx';
import { DeliveryFeeModal } from '../components/delivery-fee-modal.tsx';
import { OrderAgainButton } from '../components/order-again-button.tsx';
import { OrderDetailsModal } from '../components/order-details-modal.tsx';
import { OrderHeader } from '../components/order-header.tsx';
import { OrderHistory } from '../components/order-history.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { OrderStatusActions } from '../components/order-status-actions.tsx';
import { OrderSyncState } from '../components/order-sync-state.tsx';
import { OrderTotals } from '../components/order-totals.tsx';
import { OrderPayActions } from '../components/order-pay-actions.tsx';
import { OrderPayments } from '../components/order-payments.tsx';

const ORDERS = { path: routePath('/orders'), label: 'All Orders' };

/** SPEC §2: payments show only where they are enabled (the merchant's, or the customer's account). */
const arePaymentsShown = (currentUser: CurrentUser | undefined) =>
  currentUser?.is_merchant
    ? currentUser.settings.payments_enabled
    : (currentUser?.customer?.payment_settings.is_payments_enabled ?? false);
const isOrderId = (value: string) => RecordId('order').safeParse(value).success;

/** Invoice (and for the merchant, packing slip) of this one order as a PDF. */
function DownloadButtons(props: { order: Order; withPackingSlip: boolean }) {
  const pdf = useDownloadOrderPdf();
  const isLoading = (type: 'invoice' | 'packing-slip') => pdf.isPending && pdf.variables?.type === type;
  return (
    <Group gap="xs">
      <Button
        variant="default"
        loading={isLoading('invoice')}
        onClick={() => pdf.mutate({ type: 'invoice', orders: [props.order] })}
      >
        Download invoice
      </Button>
      {props.withPackingSlip && (
        <Button
          variant="default"
          loading={isLoading('packing-slip')}
          onClick={() => pdf.mutate({ type: 'packing-slip', orders: [props.order] })}
        >
          Download packing slip
        </Button>
      )}
    </Group>
  );
}

/**
 * The merchant's order: every change goes through useOrderEdit with the version on screen; the
 * line and delivery edits are offered only while the server says the order can be edited.
 */
function MerchantOrder(props: { order: Order; arePaymentsShown: boolean }) {
  const { order } = props;
  const edit = useOrderEdit(order);
  const [dialog, setDialog] = useState<'details' | 'fee' | null>(null);
  const [crediting, setCrediting] = useState<OrderLine | null>(null);
  const canEdit = order.can_edit;
  // Once it can no longer be edited, what was not supplied is credited (an adjustment note of the
  // invoice) rather than taken off the order; a payments feature, so only where payments are on.
  const canCreditLines =
    !canEdit && props.arePaymentsShown && order.status !== 'PROCESSING' && order.status !== 'ON_HOLD';
  // Notes and the PO number stay open until the order is completed or cancelled (the server's rule).
  const areNotesOpen = order.status !== 'COMPLETED' && order.status !== 'CANCELLED';
  const close = () => setDialog(null);
  return (
    <Stack gap="xl">
      <OrderHeader order={order} />
      <OrderSyncState order={order} />
      <Group justify="space-between" gap="sm">
        <OrderStatusActions
          order={order}
          isSaving={edit.isPending}
          onMove={(status) => edit.mutate({ kind: 'status', status })}
        />
        <Group gap="xs">
          {areNotesOpen && (
            <Button variant="default" onClick={() => setDialog('details')}>
              Edit details
            </Button>
          )}
          <OrderPayActions order={order} view="merchant" />
          <DownloadButtons order={order} withPackingSlip />
        </Group>
      </Group>
      <Divider />
      <OrderLines
        order={order}
        isSaving={edit.isPending}
        onQuantity={
          canEdit
            ? (line, quantity) => edit.mutate({ kind: 'line', productId: line.product_id, quantity })
            : undefined
        }
        onRemove={
          canEdit ? (line) => edit.mutate({ kind: 'remove-line', productId: line.product_id }) : undefined
        }
        onCredit={canCreditLines ? setCrediting : undefined}
        addAction={canEdit ? <AddOrderProduct order={order} onAdd={edit.mutateAsync} /> : undefined}
      />
      <OrderTotals order={order} onEditDeliveryFee={canEdit ? () => setDialog('fee') : undefined} />
      {props.arePaymentsShown && <OrderPayments order={order} canRecord />}
      <Divider />
      <OrderHistory history={order.history} />
      <OrderDetailsModal
        opened={dialog === 'details'}
        order={order}
        onSave={(change) => edit.mutateAsync({ kind: 'details', change })}
        onClose={close}
      />
      <CreditLineDialog order={order} line={crediting} onClose={() => setCrediting(null)} />
      <DeliveryFeeModal
        opened={dialog === 'fee'}
        order={order}
        onSave={(cents) => edit.mutateAsync({ kind: 'delivery-fee', cents })}
        onClose={close}
      />
    </Stack>
  );
}

/** The customer's view of its own order: read-only, with its invoice and "Order again". */
function CustomerOrder(props: { order: Order; arePaymentsShown: boolean }) {
  const { order } = props;
  return (
    <Stack gap="xl">
      <OrderHeader
        order={order}
        actions={
          <Group gap="xs">
            <OrderPayActions order={order} view="customer" />
            <DownloadButtons order={order} withPackingSlip={false} />
            <OrderAgainButton orderId={order.id} />
          </Group>
        }
      />
      <Divider />
      <OrderLines order={order} isSaving={false} />
      <OrderTotals order={order} />
      {props.arePaymentsShown && <OrderPayments order={order} canRecord={false} />}
      <Divider />
      <OrderHistory history={order.history} />
    </Stack>
  );
}

/** /orders/:orderId: one order, its lines, totals and history; the merchant runs it from here. */
export function OrderScreen() {
  const { orderId = '' } = useParams();
  const isValidId = isOrderId(orderId);
  const query = useOrder(isValidId ? orderId : '');
  const currentUser = useCurrentAccount().data;
  const isMerchant = currentUser?.is_merchant ?? false;

  if (!isValidId || (query.error instanceof ApiError && query.error.status === 404)) {
    return <RecordNotFound list={ORDERS} title="Order" what="order" goneBy="removed" />;
  }
  if (query.isPending) return <RecordLoading what="order" blocks={[160, 240, 120]} />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        list={ORDERS}
        title="Order"
        what="order"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      <BackLink to={ORDERS} />
      {isMerchant ? (
        <MerchantOrder order={query.data} arePaymentsShown={arePaymentsShown(currentUser)} />
      ) : (
        <CustomerOrder order={query.data} arePaymentsShown={arePaymentsShown(currentUser)} />
      )}
    </Stack>
  );
}
