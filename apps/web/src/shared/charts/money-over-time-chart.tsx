import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { formatDate, formatMoney } from '#lib/format.ts';
import { type DatedAmount, timeBuckets } from './time-buckets.ts';

/**
 * Money per day (per month over a long period) as an area: sales on the merchant's home and in
 * the reports, payments received in the reports. Loaded on its own (money-over-time-chart-lazy.ts)
 * so Recharts is fetched only where a chart is drawn. The figures beside it say the same in words,
 * which is what screen readers read: the chart is named and its insides hidden from them.
 */
export function MoneyOverTimeChart(props: {
  points: readonly DatedAmount[];
  /** The days the points cover, both included: what the chart is named by and bucketed on. */
  period: { from: string; to: string };
  /** What the money is, capitalised: "Sales", "Received". */
  series: string;
  height?: number;
}) {
  const { unit, buckets } = timeBuckets(props.points, props.period);
  // Recharts reads each row's fields by name and treats `key` and `ref` as React's own (DESIGN §2).
  const data = buckets.map((bucket) => ({ when: bucket.label, amount: bucket.cents }));
  return (
    <div
      role="img"
      aria-label={`Area chart of ${props.series.toLowerCase()} per ${unit} from ${formatDate(props.period.from)} to ${formatDate(props.period.to)}`}
    >
      <div aria-hidden="true">
        <AreaChart
          h={props.height ?? 220}
          data={data}
          dataKey="when"
          series={[{ name: 'amount', label: props.series, color: 'teal.7' }]}
          valueFormatter={(value) => formatMoney(Math.round(value))}
          curveType="monotone"
          // An area needs two points; one or two alone (today, a period of two months) show as dots.
          withDots={data.length <= 2}
          gridAxis="y"
          yAxisProps={{ width: 80 }}
          areaChartProps={{ accessibilityLayer: false }}
        />
      </div>
    </div>
  );
}
