import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '#lib/format.ts';
import type { ReceivedRow } from './received.ts';

const BAR_HEIGHT = 44;
const MIN_HEIGHT = 140;

/**
 * Money received by method as horizontal bars. Loaded on its own (received-chart-lazy.ts), so
 * Recharts is fetched only once an overview or a report has something to draw. A picture of the table beside
 * it, which is what screen readers read; the chart itself is named and hidden from them.
 */
export function ReceivedChart(props: { rows: readonly ReceivedRow[] }) {
  // Recharts reads each row's fields by name and treats `key` and `ref` as React's own, so rows
  // carry neither (DESIGN §2). Cents stay whole: only the labels turn them into dollars.
  const data = props.rows.map((row) => ({ method: row.label, received: row.amount_cents }));
  return (
    <div role="img" aria-label="Bar chart of money received by method; the figures are in the table">
      <div aria-hidden="true">
        <BarChart
          h={Math.max(MIN_HEIGHT, data.length * BAR_HEIGHT + 40)}
          data={data}
          dataKey="method"
          orientation="vertical"
          series={[{ name: 'received', label: 'Received', color: 'teal.8' }]}
          valueFormatter={(value) => formatMoney(Math.round(value))}
          yAxisProps={{ width: 150 }}
          gridAxis="x"
          // The table is what keyboards and screen readers use: no focus stops in a hidden chart.
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
    </div>
  );
}
