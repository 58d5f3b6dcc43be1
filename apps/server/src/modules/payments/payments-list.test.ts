import type { PaymentSummary } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { paymentTestKit } from './payments.testing.ts';

// The payments list and search: newest first by keyset, the filters, and whose payments each
// organisation sees.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = paymentTestKit(() => t);
const { payingShop, bankTransfer, record, ok, send, paymentsUrl } = kit;

type Page = { items: PaymentSummary[]; next_cursor: string | null };

describe('GET /payments/organisation/{id}', () => {
  it('lists, filters and searches payments newest first; a customer sees only its own', async () => {
    const shop = await payingShop();
    const order = await shop.order([{ productId: shop.products.milk.id, quantity: 4 }]);
    const first = await record(shop, bankTransfer(shop, 300, [{ order_id: order.id, amount_cents: 300 }]));
    const second = await record(
      shop,
      bankTransfer(shop, 200, [], { method: 'CASH', paid_on: '2026-03-05', reference: 'Till 2' }),
    );
    const third = await record(
      shop,
      bankTransfer(shop, 100, [], {
        customer_organisation_id: shop.other.organisation_id,
        paid_on: '2026-03-09',
        reference: null,
      }),
    );
    const ids = async (
      query: string,
      path = '',
      organisationId = shop.merchant.id,
      headers = shop.admin.headers,
    ) =>
      (await ok<Page>(send('GET', `${paymentsUrl(organisationId)}${path}?${query}`, headers))).items.map(
        (payment) => payment.id,
      );

    expect(await ids('')).toEqual([third.id, second.id, first.id]);
    const firstPage = await ok<Page>(
      send('GET', `${paymentsUrl(shop.merchant.id)}?limit=2`, shop.admin.headers),
    );
    expect(firstPage.items.map((p) => p.id)).toEqual([third.id, second.id]);
    expect(await ids(`limit=2&cursor=${firstPage.next_cursor}`)).toEqual([first.id]);
    expect(firstPage.items[1]).toMatchObject({ method: 'CASH', reference: 'Till 2', allocations: [] });

    expect(await ids('method=CASH')).toEqual([second.id]);
    expect(await ids('state=SUCCESSFUL')).toHaveLength(3);
    expect(await ids('state=VOIDED')).toEqual([]);
    expect(await ids(`customer_organisation_id=${shop.other.organisation_id}`)).toEqual([third.id]);
    expect(await ids('paid_from=2026-03-03&paid_to=2026-03-05')).toEqual([second.id]);

    expect(await ids(`q=%23${second.number}`, '/search')).toEqual([second.id]);
    expect(await ids('q=till', '/search')).toEqual([second.id]);
    expect(await ids('q=crumb', '/search')).toEqual([third.id]);
    expect(await ids('q=eft%204471', '/search')).toEqual([first.id]);
    const tooShort = await send('GET', `${paymentsUrl(shop.merchant.id)}/search?q=x`, shop.admin.headers);
    expect(tooShort.statusCode).toBe(400);
    const badCursor = await send(
      'GET',
      `${paymentsUrl(shop.merchant.id)}?cursor=nonsense`,
      shop.admin.headers,
    );
    expect(badCursor.statusCode).toBe(400);

    // Each customer organisation: its own payments, by its own path, with the merchant named.
    const customer = shop.customer.organisation_id;
    expect(await ids('', '', customer, shop.customerPerson.headers)).toEqual([second.id, first.id]);
    expect(
      await ids(`merchant_id=${shop.merchant.id}`, '', customer, shop.customerPerson.headers),
    ).toHaveLength(2);
    expect(await ids('q=crumb', '/search', customer, shop.customerPerson.headers)).toEqual([]);
    expect(await ids('', '', shop.other.organisation_id, shop.otherPerson.headers)).toEqual([third.id]);
    const asOther = await send('GET', paymentsUrl(customer), shop.otherPerson.headers);
    expect(asOther.statusCode).toBe(404);
  });
});
