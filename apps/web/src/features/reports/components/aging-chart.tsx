import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { AGING_BUCKET_LABELS, type AgingReport } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';

/**
 * What is owed by how overdue, a bar per aging bucket. Loaded on its own (aging-chart-lazy.ts);
 * a picture of the table's footer, which is what screen readers read, so it is named and hidden.
 */
export function AgingChart(props: { aging: AgingReport['totals']['aging'] }) {
  // Recharts treats row fields named `key` and `ref` as React's own (DESIGN §2): neither is used.
  const data = props.aging.map((bucket) => ({
    age: AGING_BUCKET_LABELS[bucket.bucket],
    owed: bucket.amount_cents,
  }));
  return (
    <div
      role="img"
      aria-label="Bar chart of what is owed by days past the due date; the figures are in the table"
    >
      <div aria-hidden="true">
        <BarChart
          h={200}
          data={data}
          dataKey="age"
          series={[{ name: 'owed', label: 'Owed', color: 'orange.8' }]}
          valueFormatter={(value) => formatMoney(Math.round(value))}
          yAxisProps={{ width: 80 }}
          gridAxis="y"
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
    </div>
  );
}
