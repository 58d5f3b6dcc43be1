import type { SalesGrouping, SalesReport } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import type { AmountColumn } from './amount-column.ts';
import { countsLines, salesCountLabel } from './sales-wording.ts';

/** What a row and the totals both have: a sales report's amounts. */
type SalesAmounts = SalesReport['totals'];

export type SalesColumn = AmountColumn<SalesAmounts>;

const count = (value: number) => value.toLocaleString('en-AU');

/**
 * A sales table's figure columns, the same for each row and for the totals. Units are for order
 * lines only (a customer's orders have none); delivery is a customer's orders' only (lines carry
 * none, so the column would be all zeros).
 */
export function salesColumns(grouping: SalesGrouping): SalesColumn[] {
  const isLines = countsLines(grouping);
  return [
    { label: salesCountLabel(grouping), value: (amounts) => count(amounts.count) },
    ...(isLines ? [{ label: 'Units', value: (amounts: SalesAmounts) => count(amounts.quantity ?? 0) }] : []),
    { label: 'Sales ex GST', value: (amounts) => formatMoney(amounts.subtotal_cents) },
    ...(isLines
      ? []
      : [
          {
            label: 'Delivery ex GST',
            value: (amounts: SalesAmounts) => formatMoney(amounts.delivery_fee_cents),
          },
        ]),
    { label: 'GST', value: (amounts) => formatMoney(amounts.gst_cents) },
    { label: 'Total inc GST', value: (amounts) => formatMoney(amounts.total_cents) },
  ];
}
