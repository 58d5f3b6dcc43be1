import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@tradeport/contract';

/** Account Credit moves no money: the overview counts it apart, as credit applied. */
const CREDIT_METHOD: PaymentMethod = 'ACCOUNT_CREDIT';

export type ReceivedRow = {
  method: PaymentMethod;
  label: string;
  payment_count: number;
  amount_cents: number;
};

/** Money by method as the payments overview and the payments report both answer it. */
type ByMethod = { by_method: readonly Omit<ReceivedRow, 'label'>[] };

/**
 * Money received by method, in SPEC §3's order, leaving out Account Credit and the methods
 * nothing came in by: what the chart draws and the table lists, the same rows for both.
 */
export function receivedRows(figures: ByMethod): ReceivedRow[] {
  return figures.by_method
    .filter((row) => row.method !== CREDIT_METHOD && (row.payment_count > 0 || row.amount_cents !== 0))
    .map((row) => ({ ...row, label: PAYMENT_METHOD_LABELS[row.method] }));
}
