import { Anchor, Badge, Button, Menu, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  AGING_BUCKET_LABELS,
  formatInvoiceNumber,
  ORDER_PAYMENT_STATUS_LABELS,
  type OutstandingOrder,
} from '@tradeport/contract';
import { Link, useLocation } from 'react-router';
import { countOf, formatDate, formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { type PayDialogRequest, withPayDialog } from '#lib/pay-dialog.ts';
import { PayDialogButton } from '#lib/ui/pay-dialog-button.tsx';

/** Whose list this is: the merchant's (a customer column, its pay actions) or a customer's. */
export type OutstandingView =
  { kind: 'merchant'; canTakePayments: boolean } | { kind: 'customer'; merchantId: string };

const money = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

function overdueText(order: OutstandingOrder): string {
  if (order.is_overdue) return countOf(order.days_overdue, 'day');
  return 'Not yet';
}

/**
 * Card payment of one invoice, through the card-payments dialogs opened by address: the customer
 * pays by card; the merchant takes the customer's card or sends a payment link (one menu, so the
 * row stays narrow).
 */
function PayActions(props: { order: OutstandingOrder; view: OutstandingView }) {
  const { order, view } = props;
  const location = useLocation();
  const invoice = formatInvoiceNumber(order.invoice_number);
  if (view.kind === 'customer') {
    return (
      <PayDialogButton
        size="xs"
        variant="default"
        request={{ kind: 'card', merchantId: view.merchantId, orderId: order.id }}
        aria-label={`Pay by card: ${invoice}`}
      >
        Pay by card
      </PayDialogButton>
    );
  }
  if (!view.canTakePayments) return null;
  const dialogLink = (kind: PayDialogRequest['kind']) => ({
    pathname: location.pathname,
    search: `?${withPayDialog(new URLSearchParams(location.search), {
      kind,
      customerId: order.customer.id,
      orderId: order.id,
    })}`,
  });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" aria-label={`Collect payment: ${invoice}`}>
          Collect payment
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={dialogLink('card')} replace>
          Take card payment
        </Menu.Item>
        <Menu.Item component={Link} to={dialogLink('links')} replace>
          Payment link
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function OutstandingRow(props: { order: OutstandingOrder; view: OutstandingView }) {
  const { order, view } = props;
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={routePath('/orders/:orderId', { orderId: order.id })}
            fw={600}
            size="sm"
          >
            {formatInvoiceNumber(order.invoice_number)}
          </Anchor>
          <Text size="xs" c="dimmed" fw={400}>
            Order {order.number} · placed {formatDate(order.placed_at)}
          </Text>
        </Stack>
      </Table.Th>
      {view.kind === 'merchant' && <Table.Td data-label="Customer">{order.customer.name}</Table.Td>}
      <Table.Td data-label="Due" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(order.due_date)}
      </Table.Td>
      <Table.Td data-label="Total" {...money}>
        <Stack gap={0} align="flex-end">
          <span>{formatMoney(order.total_cents)}</span>
          {order.paid_cents !== 0 && (
            <Text size="xs" c="dimmed" span>
              paid {formatMoney(order.paid_cents)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-label="Outstanding" {...money} fw={600}>
        {formatMoney(order.outstanding_cents)}
      </Table.Td>
      <Table.Td data-label="Overdue" style={{ whiteSpace: 'nowrap' }}>
        <Stack gap={0}>
          <Text
            size="sm"
            span
            c={order.is_overdue ? 'red.9' : 'dimmed'}
            fw={order.is_overdue ? 600 : undefined}
          >
            {overdueText(order)}
          </Text>
          <Text size="xs" c="dimmed" span>
            {AGING_BUCKET_LABELS[order.aging_bucket]}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td data-label="Status">
        <Badge
          variant="light"
          color={order.payment_status === 'PARTIALLY_PAID' ? 'yellow' : 'gray'}
          tt="none"
        >
          {ORDER_PAYMENT_STATUS_LABELS[order.payment_status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <PayActions order={order} view={view} />
      </Table.Td>
    </Table.Tr>
  );
}

function headings(view: OutstandingView): { label: string; isMoney?: boolean }[] {
  return [
    { label: 'Invoice' },
    ...(view.kind === 'merchant' ? [{ label: 'Customer' }] : []),
    { label: 'Due' },
    { label: 'Total', isMoney: true },
    { label: 'Outstanding', isMoney: true },
    // How many days past due, and the aging bucket that puts it in.
    { label: 'Overdue' },
    { label: 'Status' },
  ];
}

/**
 * Unpaid and part-paid invoices, oldest due first; each opens its order. A card per invoice on a
 * phone. `isUpdating` dims it while new filters load.
 */
export function OutstandingTable(props: {
  orders: readonly OutstandingOrder[];
  view: OutstandingView;
  isUpdating?: boolean;
}) {
  const { view } = props;
  return (
    <Table.ScrollContainer minWidth={view.kind === 'merchant' ? 940 : 800} className="cards-on-phone">
      <Table
        aria-label="Outstanding invoices"
        aria-busy={props.isUpdating || undefined}
        verticalSpacing="xs"
        highlightOnHover
        style={{ opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {headings(view).map((heading) => (
              <Table.Th key={heading.label} scope="col" ta={heading.isMoney ? 'right' : undefined}>
                {heading.label}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.orders.map((order) => (
            <OutstandingRow key={order.id} order={order} view={view} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function OutstandingTableSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true">
      <VisuallyHidden role="status">Loading outstanding invoices</VisuallyHidden>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
