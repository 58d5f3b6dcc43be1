import { Alert, Button, Group, List, Menu, Paper, Stack, Text } from '@mantine/core';
import {
  type BulkStatusResult,
  MAX_BULK_ORDERS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type OrderSummary,
} from '@tradeport/contract';
import { useState } from 'react';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { useBulkStatus } from '../api/bulk-status.ts';
import { useDownloadOrderPdf } from '../api/order-pdfs.ts';
import { reachableStatuses } from '../model/order-labels.ts';

const ordersCount = (count: number) => `${count.toLocaleString('en-AU')} ${count === 1 ? 'order' : 'orders'}`;

/** What the last move did: how many moved, and each refused order with the server's reason. */
function BulkSummary(props: { status: OrderStatus; result: BulkStatusResult; onClose: () => void }) {
  const { result } = props;
  const label = ORDER_STATUS_LABELS[props.status].toLowerCase();
  return (
    <Alert
      color={result.refused.length > 0 ? 'orange' : 'teal'}
      variant="light"
      title={`${ordersCount(result.moved.length)} moved to ${label}`}
      withCloseButton
      closeButtonLabel="Dismiss summary"
      onClose={props.onClose}
    >
      {result.refused.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">{`${ordersCount(result.refused.length)} could not move:`}</Text>
          <List size="sm" aria-label="Orders not moved">
            {result.refused.map((refusal) => (
              <List.Item key={refusal.id}>
                {refusal.number !== null ? `Order ${refusal.number}: ` : ''}
                {refusal.reason}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Alert>
  );
}

/**
 * The merchant's actions on the ticked orders: move them to a status (only statuses one of them
 * can reach, after a confirmation naming how many), and their invoices or packing slips as one PDF.
 */
export function BulkOrderActions(props: { orders: readonly OrderSummary[]; onMoved: () => void }) {
  const { orders } = props;
  const bulk = useBulkStatus();
  const pdf = useDownloadOrderPdf();
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const [summary, setSummary] = useState<{ status: OrderStatus; result: BulkStatusResult } | null>(null);
  const targets = reachableStatuses(orders.map((order) => order.status));
  const isTooMany = orders.length > MAX_BULK_ORDERS;

  const move = (status: OrderStatus) =>
    bulk.mutate(
      { status, orderIds: orders.map((order) => order.id) },
      {
        onSuccess: (result) => {
          setConfirming(null);
          setSummary({ status, result });
          props.onMoved();
        },
        onError: () => setConfirming(null),
      },
    );

  return (
    <Stack gap="xs">
      {summary && (
        <BulkSummary status={summary.status} result={summary.result} onClose={() => setSummary(null)} />
      )}
      {orders.length > 0 && (
        <Paper withBorder p="xs" role="region" aria-label="Selected orders">
          <Group gap="sm" justify="space-between">
            <Text size="sm" fw={500} aria-live="polite">
              {`${ordersCount(orders.length)} selected`}
            </Text>
            <Group gap="xs">
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button size="xs" disabled={targets.length === 0 || isTooMany}>
                    Move to status
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {targets.map((status) => (
                    <Menu.Item key={status} onClick={() => setConfirming(status)}>
                      {ORDER_STATUS_LABELS[status]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Button
                size="xs"
                variant="default"
                disabled={isTooMany}
                loading={pdf.isPending && pdf.variables?.type === 'invoice'}
                onClick={() => pdf.mutate({ type: 'invoice', orders })}
              >
                Download invoices (PDF)
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={isTooMany}
                loading={pdf.isPending && pdf.variables?.type === 'packing-slip'}
                onClick={() => pdf.mutate({ type: 'packing-slip', orders })}
              >
                Download packing slips (PDF)
              </Button>
            </Group>
          </Group>
          {isTooMany && (
            <Text size="sm" c="red" mt="xs">
              {`Choose at most ${MAX_BULK_ORDERS} orders at a time.`}
            </Text>
          )}
        </Paper>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title="Change order status"
        confirmLabel={confirming ? `Move to ${ORDER_STATUS_LABELS[confirming].toLowerCase()}` : 'Move'}
        isConfirming={bulk.isPending}
        onConfirm={() => confirming && move(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming &&
          `Move ${ordersCount(orders.length)} to ${ORDER_STATUS_LABELS[confirming].toLowerCase()}? Orders whose status does not allow it are left as they are.`}
      </ConfirmDialog>
    </Stack>
  );
}
