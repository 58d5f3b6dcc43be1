// The merchant's "Record payment" dialog (features/payments) opens over whatever screen asks for it,
// named by the address like the pay dialogs (lib/pay-dialog.ts): `?record_payment=1&record_order=…`.
// The order screen offers it for its order without importing the payments feature; the app shell
// reads the address and mounts the dialog, so the screen beneath stays and refreshes once it is saved.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RecordPaymentRequest = {
  /** The order it pays first: its customer, with what it owes. Left out: the merchant chooses. */
  orderId?: string;
};

const OPEN = 'record_payment';
const PARAMS = { orderId: 'record_order' } as const satisfies Record<keyof RecordPaymentRequest, string>;
const FIELDS = Object.keys(PARAMS) as (keyof RecordPaymentRequest)[];

/** The dialog the address asks for, or null (none, or one naming something malformed). */
export function readRecordPayment(search: URLSearchParams): RecordPaymentRequest | null {
  if (search.get(OPEN) !== '1') return null;
  const request: RecordPaymentRequest = {};
  for (const field of FIELDS) {
    const value = search.get(PARAMS[field]);
    if (value === null) continue;
    if (!UUID.test(value)) return null;
    request[field] = value.toLowerCase();
  }
  return request;
}

/** The address's query without the dialog, the rest kept as it was. */
export function withoutRecordPayment(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(OPEN);
  for (const name of Object.values(PARAMS)) next.delete(name);
  return next;
}

/** The address's query with the dialog open for `request`. */
export function withRecordPayment(search: URLSearchParams, request: RecordPaymentRequest): URLSearchParams {
  const next = withoutRecordPayment(search);
  next.set(OPEN, '1');
  for (const field of FIELDS) {
    const value = request[field];
    if (value) next.set(PARAMS[field], value);
  }
  return next;
}
