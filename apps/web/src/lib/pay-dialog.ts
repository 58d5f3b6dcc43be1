// The pay dialogs (features/card-payments) open over whatever screen asks for them, named by the
// address: `?pay=card&pay_order=…`. Another feature offers one with a link (PayDialogButton) and
// never imports the card-payments feature; the app shell reads the address and mounts the dialog.
// The address also makes the dialog a link a person can share or come back to.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const PAY_DIALOG_KINDS = ['card', 'links'] as const;

export type PayDialogRequest = {
  /** `card`: pay (a customer) or take (a merchant) a card payment; `links`: the merchant's payment links. */
  kind: (typeof PAY_DIALOG_KINDS)[number];
  /** A customer paying: the merchant it pays. Left out: its only merchant, or it chooses. */
  merchantId?: string;
  /**
   * The merchant: the customer account (a customer's `id`) that pays or gets the link. Left out
   * with `orderId`: the order's customer.
   */
  customerId?: string;
  /** One order; left out: everything the customer owes. */
  orderId?: string;
};

const PARAMS = {
  kind: 'pay',
  merchantId: 'pay_merchant',
  customerId: 'pay_customer',
  orderId: 'pay_order',
} as const satisfies Record<keyof PayDialogRequest, string>;

const ID_FIELDS = ['merchantId', 'customerId', 'orderId'] as const;

/** The dialog the address asks for, or null (none, or one that names something malformed). */
export function readPayDialog(search: URLSearchParams): PayDialogRequest | null {
  const kind = PAY_DIALOG_KINDS.find((candidate) => candidate === search.get(PARAMS.kind));
  if (!kind) return null;
  const request: PayDialogRequest = { kind };
  for (const field of ID_FIELDS) {
    const value = search.get(PARAMS[field]);
    if (value === null) continue;
    if (!UUID.test(value)) return null;
    request[field] = value.toLowerCase();
  }
  return request;
}

/** The address's query without any pay dialog, the rest kept as it was. */
export function withoutPayDialog(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of Object.values(PARAMS)) next.delete(name);
  return next;
}

/** The address's query with `request`'s dialog open (and any other dialog closed). */
export function withPayDialog(search: URLSearchParams, request: PayDialogRequest): URLSearchParams {
  const next = withoutPayDialog(search);
  next.set(PARAMS.kind, request.kind);
  for (const field of ID_FIELDS) {
    const value = request[field];
    if (value) next.set(PARAMS[field], value);
  }
  return next;
}
