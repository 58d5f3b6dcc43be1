import type { CreatedPaymentLink, PaymentLink, PaymentLinkPage } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { hashToken, randomToken } from '../../platform/auth/opaque-tokens.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { cardPaymentSetup, type Payer, payableOrders, readPayer } from '../stripe/card-payer.ts';
import { createCardPaymentsService, type PayInput } from '../stripe/card-payments.service.ts';
import {
  findLinkByTokenHash,
  findLinkTarget,
  findMerchantLink,
  insertPaymentLink,
  listCustomerLinks,
  type PaymentLinkRow,
  revokeLink,
} from './payment-links.queries.ts';

// Pay by link: the merchant makes, lists and revokes links; whoever holds one reads what it is for
// and pays it by card, without signing in. The link stands in for the customer account: it pays
// only that customer's orders (only its order, for a one-order link), with the same card payment
// as the portal's (modules/stripe/card-payments.service.ts).

/** The public page's address; the web app serves it. */
export const PAY_PAGE_PATH = '/pay';

const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = Pick<AppDeps, 'database' | 'stripe' | 'jobs' | 'now' | 'config'>;

export function createPaymentLinksService(deps: Deps) {
  const { db } = deps.database;
  const cards = createCardPaymentsService(deps);

  const toLink = (row: PaymentLinkRow): PaymentLink => ({
    id: row.id,
    state: row.revokedAt ? 'REVOKED' : row.expiresAt.getTime() <= deps.now().getTime() ? 'EXPIRED' : 'ACTIVE',
    customer: { id: row.customerAccountId, name: row.customerName },
    order: row.orderId && row.orderNumber !== null ? { id: row.orderId, number: row.orderNumber } : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  });

  const payerOf = (row: PaymentLinkRow): Payer => ({
    merchantId: row.merchantId,
    customerAccountId: row.customerAccountId,
    userId: null,
    onlyOrderId: row.orderId,
    paymentLinkId: row.id,
  });

  /** The link a token opens: 404 for no such link, 410 for one that has expired or been revoked. */
  async function open(token: string): Promise<PaymentLinkRow> {
    const row = await findLinkByTokenHash(db, hashToken(token));
    if (!row) throw notFound('Payment link');
    if (toLink(row).state !== 'ACTIVE') {
      throw new AppError(
        'PAYMENT_LINK_EXPIRED',
        'This payment link has expired or was withdrawn. Ask the merchant for a new one.',
      );
    }
    return row;
  }

  return {
    async create(options: {
      merchantId: string;
      userId: string;
      customerAccountId: string;
      orderId: string | null;
      expiresInDays: number;
    }): Promise<CreatedPaymentLink> {
      const payer: Payer = { ...options, onlyOrderId: options.orderId };
      const { problem } = await readPayer(deps, payer);
      if (problem) throw problem;
      const target = await findLinkTarget(db, options);
      if (options.orderId && !target.hasOrder) throw notFound('Order');
      // A one-order link for an order with nothing left to pay would only disappoint.
      if (options.orderId) await payableOrders(db, payer, undefined);
      const token = randomToken();
      const now = deps.now();
      const id = await insertPaymentLink(db, {
        merchantId: options.merchantId,
        customerAccountId: options.customerAccountId,
        orderId: options.orderId,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + options.expiresInDays * DAY_MS),
        createdByUserId: options.userId,
        createdAt: now,
      });
      const row = (await findMerchantLink(db, { merchantId: options.merchantId, linkId: id }))!;
      return { ...toLink(row), url: `${deps.config.appUrl}${PAY_PAGE_PATH}/${token}`, token };
    },

    async list(options: { merchantId: string; customerAccountId: string; limit: number; cursor?: string }) {
      const target = await findLinkTarget(db, { ...options, orderId: null });
      if (!target.hasAccount) throw notFound('Customer');
      const page = await listCustomerLinks(db, options);
      return { items: page.rows.map(toLink), next_cursor: page.nextCursor };
    },

    async revoke(options: { merchantId: string; linkId: string }): Promise<PaymentLink> {
      if (!(await findMerchantLink(db, options))) throw notFound('Payment link');
      await revokeLink(db, { ...options, at: deps.now() });
      return toLink((await findMerchantLink(db, options))!);
    },

    async page(token: string): Promise<PaymentLinkPage> {
      const row = await open(token);
      const setup = await cardPaymentSetup(deps, payerOf(row));
      return { ...setup, order_id: row.orderId, expires_at: row.expiresAt.toISOString() };
    },

    async quote(token: string, confirmationToken: string) {
      return cards.quote(payerOf(await open(token)), { confirmationToken });
    },

    async pay(token: string, input: Omit<PayInput, 'orderIds'>, key: string) {
      return cards.pay(payerOf(await open(token)), input, key);
    },
  };
}
