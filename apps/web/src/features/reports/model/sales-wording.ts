import { SALES_COUNTS, type SalesGrouping } from '@tradeport/contract';

// How a sales report names what it counts and what its rows are, by grouping.

/** SALES_COUNTS: a customer's rows count its orders; the others' count order lines. */
export function salesCountLabel(grouping: SalesGrouping): string {
  return SALES_COUNTS[grouping] === 'ORDERS' ? 'Orders' : 'Order lines';
}

/** A row's column heading, how many there are as a figure's label, and the rows in words. */
export const SALES_ROW_NAMES: Record<SalesGrouping, { column: string; title: string; plural: string }> = {
  product: { column: 'Product', title: 'Products', plural: 'products' },
  customer: { column: 'Customer', title: 'Customers', plural: 'customers' },
  category: { column: 'Category', title: 'Categories', plural: 'categories' },
  brand: { column: 'Brand', title: 'Brands', plural: 'brands' },
};

/** Whether rows are order lines (units sold, no delivery) rather than a customer's orders. */
export const countsLines = (grouping: SalesGrouping) => SALES_COUNTS[grouping] === 'LINES';
