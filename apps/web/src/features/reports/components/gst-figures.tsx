import { SimpleGrid } from '@mantine/core';
import type { GstReport } from '@tradeport/contract';
import { countOf, formatMoney } from '#lib/format.ts';
import { FigureCard } from '#shared/figures/figure-card.tsx';

/** The BAS's figures for the whole period, labelled with the BAS's own field names. */
export function GstFigures(props: { totals: GstReport['totals'] }) {
  const { totals } = props;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <FigureCard
        label="Total sales (G1)"
        value={formatMoney(totals.total_sales_cents)}
        note={`Inc GST, from ${countOf(totals.order_count, 'order')}`}
      />
      <FigureCard label="GST on sales (1A)" value={formatMoney(totals.gst_cents)} note="What you collected" />
      <FigureCard
        label="GST-free sales (G3)"
        value={formatMoney(totals.gst_free_sales_cents)}
        note="Charged no GST"
      />
      <FigureCard
        label="Taxable sales"
        value={formatMoney(totals.taxable_sales_cents)}
        note="Ex GST, the sales GST was charged on"
      />
    </SimpleGrid>
  );
}
