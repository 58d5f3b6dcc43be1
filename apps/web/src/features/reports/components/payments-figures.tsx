import { SimpleGrid } from '@mantine/core';
import { periodLengthDays, type PaymentsReport } from '@tradeport/contract';
import { countOf, formatMoney } from '#lib/format.ts';
import { FigureCard } from '#shared/figures/figure-card.tsx';

/** Money received in the period, with the averages a merchant compares periods by. */
export function PaymentsFigures(props: { report: PaymentsReport }) {
  const { report } = props;
  const days = periodLengthDays(report.period.from, report.period.to);
  const perPayment =
    report.received_count > 0 ? Math.round(report.received_cents / report.received_count) : 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <FigureCard
        label="Received"
        value={formatMoney(report.received_cents)}
        note={`${countOf(report.received_count, 'payment')}, less refunds`}
      />
      <FigureCard label="Average payment" value={formatMoney(perPayment)} />
      <FigureCard
        label="Average a day"
        value={formatMoney(Math.round(report.received_cents / days))}
        note={`Over ${countOf(days, 'day')}`}
      />
    </SimpleGrid>
  );
}
