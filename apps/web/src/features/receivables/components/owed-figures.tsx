import { SimpleGrid, Stack } from '@mantine/core';
import { countOf, formatMoney } from '#lib/format.ts';
import type { OwedFigures as Figures } from '../model/owed.ts';
import { AgingTable } from './aging-table.tsx';
import { FigureCard } from '#shared/figures/figure-card.tsx';

/** What is owed now and how much of it is overdue, then the same by age. */
export function OwedFigures(props: {
  figures: Figures;
  /** Words for who owes: "Your customers owe" or "You owe". */
  owedLabel: string;
  search?: Record<string, string>;
}) {
  const { figures } = props;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <FigureCard
          label={props.owedLabel}
          value={formatMoney(figures.outstanding_cents)}
          note={`${countOf(figures.outstanding_count, 'invoice')} unpaid or part-paid`}
        />
        <FigureCard
          label="Overdue"
          value={formatMoney(figures.overdue_cents)}
          color={figures.overdue_cents > 0 ? 'red.9' : undefined}
          note={`${countOf(figures.overdue_count, 'invoice')} past the due date`}
        />
      </SimpleGrid>
      <AgingTable figures={figures} search={props.search} />
    </Stack>
  );
}
