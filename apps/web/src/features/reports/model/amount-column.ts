/**
 * A right-aligned figure column of a report's table: its heading and how a row, or the report's
 * totals, shows it. One list of them per table renders both (components/amount-cells.tsx).
 */
export type AmountColumn<T> = { label: string; value: (amounts: T) => string };
