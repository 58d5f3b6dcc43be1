import { SimpleGrid } from '@mantine/core';
import type { SalesReport } from '@tradeport/contract';
import { countOf, formatMoney } from '#lib/format.ts';
import { FigureCard } from '#shared/figures/figure-card.tsx';
import { countsLines, SALES_ROW_NAMES } from '../model/sales-wording.ts';

/** A sales report's headline figures: every row's totals, not only the rows listed. */
export function SalesFigures(props: { report: SalesReport }) {
  const { report } = props;
  const { totals } = report;
  const names = SALES_ROW_NAMES[report.group_by];
  const isLines = countsLines(report.group_by);
  const averageCents = report.order_count > 0 ? Math.round(totals.total_cents / report.order_count) : 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <FigureCard
        label="Sales inc GST"
        value={formatMoney(totals.total_cents)}
        note={`${formatMoney(totals.subtotal_cents + totals.delivery_fee_cents)} ex GST`}
      />
      <FigureCard label="GST" value={formatMoney(totals.gst_cents)} note="Collected on these sales" />
      <FigureCard
        label="Orders"
        value={report.order_count.toLocaleString('en-AU')}
        note={isLines ? countOf(totals.count, 'order line') : `Average ${formatMoney(averageCents)} an order`}
      />
      <FigureCard
        label={names.title}
        value={report.row_count.toLocaleString('en-AU')}
        note={isLines ? `${countOf(totals.quantity ?? 0, 'unit')} sold` : 'Who ordered in the period'}
      />
    </SimpleGrid>
  );
}
