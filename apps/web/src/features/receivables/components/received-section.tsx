import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReceivablesOverview } from '@tradeport/contract';
import { countOf, formatMoney } from '#lib/format.ts';
import { periodLabel } from '#shared/period/period.ts';
import { receivedRows } from '#shared/received/received.ts';
import { FigureCard } from '#shared/figures/figure-card.tsx';
import { ReceivedByMethod } from '#shared/received/received-by-method.tsx';

/** Money received in the period: the totals, then by method as a chart and the same as a table. */
export function ReceivedSection(props: { overview: ReceivablesOverview }) {
  const { overview } = props;
  const rows = receivedRows(overview);
  return (
    <Stack gap="md" component="section" aria-labelledby="received-heading">
      <div>
        <Title order={2} id="received-heading" size="h3">
          Received
        </Title>
        <Text size="sm" c="dimmed">
          {periodLabel(overview.period)}, days in {overview.time_zone} time
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <FigureCard
          label="Received in the period"
          value={formatMoney(overview.received_cents)}
          note={`${countOf(overview.received_count, 'payment')}, less refunds`}
        />
        <FigureCard
          label="Account credit applied"
          value={formatMoney(overview.credit_applied_cents)}
          note="Paid from customers’ credit, no money moved"
        />
      </SimpleGrid>
      {rows.length === 0 ? (
        <Text c="dimmed">Nothing was received in this period.</Text>
      ) : (
        <ReceivedByMethod
          rows={rows}
          totalCents={overview.received_cents}
          totalCount={overview.received_count}
        />
      )}
    </Stack>
  );
}
