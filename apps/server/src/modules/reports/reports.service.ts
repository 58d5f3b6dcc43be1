import {
  addDays,
  AGING_BUCKETS,
  type AgingReport,
  dateInZone,
  type DayRange,
  daysOf,
  DEFAULT_REPORT_PERIOD,
  type GstReport,
  type PaymentsReport,
  periodDayRange,
  type ReportPeriodQuery,
  type SalesGrouping,
  type SalesReport,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { summariseReceived } from '../receivables/received-summary.ts';
import { monthsOf } from './calendar-pieces.ts';
import { sumAgingByCustomer, sumExemptDeliveryByMonth } from './report-documents.queries.ts';
import { type SalesDay, sumSalesByDay, sumSalesByMonth } from './sales-rollups.queries.ts';
import { type SalesRows, type SalesSums, sumSalesRows } from './sales-rows.queries.ts';

// The reports (contract reports.ts): each reads the rollups or the orders the screens read, in
// the merchant's zone, and answers in the contract's shape; report-csv.ts writes the same answers
// as CSV.

type Merchant = { id: string; timeZone: string };
type PeriodQuery = z.output<typeof ReportPeriodQuery>;

/** The contract's amounts of a sales row (quantity null by customer, where lines are not counted). */
function salesAmounts(sums: SalesSums, groupBy: SalesGrouping) {
  return {
    count: sums.count,
    quantity: groupBy === 'customer' ? null : sums.quantity,
    subtotal_cents: sums.subtotalCents,
    delivery_fee_cents: sums.deliveryFeeCents,
    gst_cents: sums.gstCents,
    total_cents: sums.totalCents,
  };
}

function gstAmounts(sales: Omit<SalesDay, 'day'> & { exemptDeliveryCents: number }) {
  const gstFree = sales.gstFreeCents + sales.exemptDeliveryCents;
  return {
    order_count: sales.orderCount,
    total_sales_cents: sales.totalCents,
    gst_cents: sales.gstCents,
    gst_free_sales_cents: gstFree,
    taxable_sales_cents: sales.totalCents - sales.gstCents - gstFree,
  };
}

/** Days from and to, both included, as a report states its period. */
const statedPeriod = (range: DayRange) => ({ from: range.from, to: addDays(range.to, -1) });

export function createReports(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;
  const rangeOf = (query: PeriodQuery, timeZone: string) =>
    periodDayRange(query, { now: deps.now(), timeZone, fallback: DEFAULT_REPORT_PERIOD });

  async function salesRows(
    merchant: Merchant,
    options: { range: DayRange; groupBy: SalesGrouping; limit: number | null },
  ): Promise<SalesRows> {
    return sumSalesRows(db, {
      merchantId: merchant.id,
      timeZone: merchant.timeZone,
      ...options.range,
      groupBy: options.groupBy,
      limit: options.limit,
    });
  }

  return {
    /** Every row of a sales report (its CSV), with their sums. */
    async allSalesRows(merchant: Merchant, query: PeriodQuery & { group_by: SalesGrouping }) {
      const groupBy = query.group_by;
      const sales = await salesRows(merchant, {
        range: rangeOf(query, merchant.timeZone),
        groupBy,
        limit: null,
      });
      return {
        rows: sales.rows.map((row) => ({
          id: row.id,
          name: row.name,
          sku: row.sku,
          ...salesAmounts(row, groupBy),
        })),
        totals: salesAmounts(sales.totals, groupBy),
      };
    },

    async sales(
      merchant: Merchant,
      query: PeriodQuery & { group_by: SalesGrouping; limit: number },
    ): Promise<SalesReport> {
      const range = rangeOf(query, merchant.timeZone);
      const groupBy = query.group_by;
      const [rows, days] = await Promise.all([
        salesRows(merchant, { range, groupBy, limit: query.limit }),
        sumSalesByDay(db, { merchantId: merchant.id, timeZone: merchant.timeZone, ...range }),
      ]);
      const byDay = new Map(days.map((day) => [day.day, day]));
      return {
        group_by: groupBy,
        period: statedPeriod(range),
        time_zone: merchant.timeZone,
        totals: salesAmounts(rows.totals, groupBy),
        order_count: days.reduce((sum, day) => sum + day.orderCount, 0),
        row_count: rows.rowCount,
        rows: rows.rows.map((row) => ({
          id: row.id,
          name: row.name,
          sku: row.sku,
          ...salesAmounts(row, groupBy),
        })),
        by_day: daysOf(range).map((date) => ({
          date,
          total_cents: byDay.get(date)?.totalCents ?? 0,
          order_count: byDay.get(date)?.orderCount ?? 0,
        })),
      };
    },

    async gst(merchant: Merchant, query: PeriodQuery): Promise<GstReport> {
      const range = rangeOf(query, merchant.timeZone);
      const options = { merchantId: merchant.id, timeZone: merchant.timeZone, ...range };
      const [months, exemptDelivery] = await Promise.all([
        sumSalesByMonth(db, options),
        sumExemptDeliveryByMonth(db, options),
      ]);
      const sold = new Map(months.map((month) => [month.day.slice(0, 7), month]));
      const none = {
        orderCount: 0,
        subtotalCents: 0,
        deliveryFeeCents: 0,
        gstCents: 0,
        totalCents: 0,
        gstFreeCents: 0,
      };
      const byMonth = monthsOf(range).map((period) => {
        const month = period.from.slice(0, 7);
        return {
          month,
          period: statedPeriod(period),
          ...gstAmounts({
            ...(sold.get(month) ?? none),
            exemptDeliveryCents: exemptDelivery.get(month) ?? 0,
          }),
        };
      });
      const total = (key: keyof ReturnType<typeof gstAmounts>) =>
        byMonth.reduce((sum, month) => sum + month[key], 0);
      return {
        period: statedPeriod(range),
        time_zone: merchant.timeZone,
        totals: {
          order_count: total('order_count'),
          total_sales_cents: total('total_sales_cents'),
          gst_cents: total('gst_cents'),
          gst_free_sales_cents: total('gst_free_sales_cents'),
          taxable_sales_cents: total('taxable_sales_cents'),
        },
        by_month: byMonth,
      };
    },

    async payments(merchant: Merchant, query: PeriodQuery): Promise<PaymentsReport> {
      const range = rangeOf(query, merchant.timeZone);
      const received = await summariseReceived(db, { merchantId: merchant.id, range });
      return {
        period: statedPeriod(range),
        time_zone: merchant.timeZone,
        received_cents: received.received_cents,
        received_count: received.received_count,
        by_method: received.by_method,
        by_day: received.by_day,
      };
    },

    async aging(merchant: Merchant): Promise<AgingReport> {
      const today = dateInZone(deps.now(), merchant.timeZone);
      const customers = await sumAgingByCustomer(db, { merchantId: merchant.id, today });
      const rows = customers
        .map((customer) => ({
          customer_organisation_id: customer.customerOrganisationId,
          name: customer.name,
          order_count: customer.orderCount,
          owed_cents: customer.owedCents,
          overdue_cents: customer.overdueCents,
          aging: AGING_BUCKETS.map((bucket) => ({ bucket, amount_cents: customer.aging[bucket] })),
        }))
        .sort((a, b) => b.owed_cents - a.owed_cents || a.name.localeCompare(b.name, 'en-AU'));
      return {
        as_of: today,
        time_zone: merchant.timeZone,
        totals: {
          order_count: rows.reduce((sum, row) => sum + row.order_count, 0),
          owed_cents: rows.reduce((sum, row) => sum + row.owed_cents, 0),
          overdue_cents: rows.reduce((sum, row) => sum + row.overdue_cents, 0),
          aging: AGING_BUCKETS.map((bucket, index) => ({
            bucket,
            amount_cents: rows.reduce((sum, row) => sum + row.aging[index]!.amount_cents, 0),
          })),
        },
        rows,
      };
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
