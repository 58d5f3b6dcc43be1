import { Group, Stack, Text } from '@mantine/core';
import type { Cart } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';

function Row(props: { label: string; cents: number; isStrong?: boolean }) {
  return (
    <Group justify="space-between" component="div" role="group" aria-label={props.label}>
      <Text fw={props.isStrong ? 700 : 400}>{props.label}</Text>
      <Text fw={props.isStrong ? 700 : 400}>{formatMoney(props.cents)}</Text>
    </Group>
  );
}

/** The totals exactly as the server priced them (computeOrderTotals), never recomputed here. */
export function CartTotals(props: { totals: Cart['totals'] }) {
  const { totals } = props;
  return (
    <Stack gap={4} aria-label="Totals" role="region">
      <Row label="Subtotal (ex GST)" cents={totals.subtotal_cents} />
      <Row label="Delivery (ex GST)" cents={totals.delivery_fee_cents} />
      <Row label="GST" cents={totals.gst_cents} />
      <Row label="Total (inc GST)" cents={totals.total_cents} isStrong />
    </Stack>
  );
}
