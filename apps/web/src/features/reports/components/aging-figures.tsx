import { SimpleGrid } from '@mantine/core';
import type { AgingReport } from '@tradeport/contract';
import { countOf, formatMoney } from '#lib/format.ts';
import { FigureCard } from '#shared/figures/figure-card.tsx';

/** What customers owe now in total, how much of it is late, and how many owe anything. */
export function AgingFigures(props: { report: AgingReport }) {
  const { totals, rows } = props.report;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <FigureCard
        label="Owed"
        value={formatMoney(totals.owed_cents)}
        note={`${countOf(totals.order_count, 'unpaid invoice')}`}
      />
      <FigureCard
        label="Overdue"
        value={formatMoney(totals.overdue_cents)}
        color={totals.overdue_cents > 0 ? 'red.8' : undefined}
        note="Past the due date"
      />
      <FigureCard label="Customers owing" value={rows.length.toLocaleString('en-AU')} />
    </SimpleGrid>
  );
}
