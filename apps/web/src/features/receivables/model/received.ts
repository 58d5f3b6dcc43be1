import { PAYMENT_METHOD_LABELS, type PaymentMethod, type ReceivablesOverview } from '@tradeport/contract';

/** Account Credit moves no money: the overview counts it apart, as credit applied. */
const CREDIT_METHOD: PaymentMethod = 'ACCOUNT_CREDIT';

export type ReceivedRow = {
  method: PaymentMethod;
  label: string;
  payment_count: number;
  amount_cents: number;
};

/**
 * Money received by method, in SPEC §3's order, leaving out Account Credit and the methods
 * nothing came in by: what the chart draws and the table lists, the same rows for both.
 */
export function receivedRows(overview: Pick<ReceivablesOverview, 'by_method'>): ReceivedRow[] {
  return overview.by_method
    .filter((row) => row.method !== CREDIT_METHOD && (row.payment_count > 0 || row.amount_cents !== 0))
    .map((row) => ({ ...row, label: PAYMENT_METHOD_LABELS[row.method] }));
}
