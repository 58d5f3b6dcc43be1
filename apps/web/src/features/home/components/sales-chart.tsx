import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import type { MerchantHome } from '@tradeport/contract';
import { formatDate, formatMoney } from '#lib/format.ts';

/**
 * Sales per day as an area, loaded on its own (sales-chart-lazy.ts) so Recharts is fetched only
 * for a merchant's home. The figures beside it say the same in words, which is what screen readers
 * read: the chart is named and its insides hidden from them.
 */
export function SalesChart(props: { sales: MerchantHome['sales'] }) {
  // Recharts reads each row's fields by name and treats `key` and `ref` as React's own (DESIGN §2).
  const data = props.sales.by_day.map((day) => ({
    day: formatDate(day.date).slice(0, 5),
    sales: day.total_cents,
  }));
  return (
    <div
      role="img"
      aria-label={`Area chart of sales per day from ${formatDate(props.sales.from)} to ${formatDate(props.sales.to)}`}
    >
      <div aria-hidden="true">
        <AreaChart
          h={220}
          data={data}
          dataKey="day"
          series={[{ name: 'sales', label: 'Sales', color: 'teal.7' }]}
          valueFormatter={(value) => formatMoney(Math.round(value))}
          curveType="monotone"
          withDots={false}
          gridAxis="y"
          yAxisProps={{ width: 80 }}
          areaChartProps={{ accessibilityLayer: false }}
        />
      </div>
    </div>
  );
}
