import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Order } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';

/**
 * The order's totals as the server computed them (by the contract's one totals function): never
 * added up again here. The merchant may override the delivery fee while the order is open.
 */
export function OrderTotals(props: { order: Order; onEditDeliveryFee?: () => void }) {
  const { order } = props;
  const rows = [
    { label: 'Subtotal (ex GST)', cents: order.subtotal_cents },
    { label: 'Delivery (ex GST)', cents: order.delivery_fee_cents, isDelivery: true },
    { label: order.is_tax_exempt ? 'GST (tax exempt)' : 'GST', cents: order.gst_cents },
  ];
  return (
    <Stack gap="xs" align="flex-end">
      <Table aria-label="Order totals" w="auto" miw={300} withRowBorders={false}>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={400}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right">{formatMoney(row.cents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Total (inc GST)</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatMoney(order.total_cents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {props.onEditDeliveryFee && (
        <Group>
          <Button size="xs" variant="default" onClick={props.onEditDeliveryFee}>
            Change delivery fee
          </Button>
        </Group>
      )}
      {order.gst_rounding === 'PER_INVOICE' && (
        <Text size="xs" c="dimmed">
          GST is rounded once on the invoice total.
        </Text>
      )}
    </Stack>
  );
}
