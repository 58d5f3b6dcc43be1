import { randomUUID } from 'node:crypto';
import type { AccountingLinkState, CustomerLinks, LinksChanged } from '@tradeport/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingLinks, customerAccounts } from '../../platform/db/schema/index.ts';
import { createTestProduct } from '../../testing/index.ts';
import { createAccountingConnections } from './accounting-connections.service.ts';
import { linksKit, newAbn, ok, suffix, xeroPath as xero } from './accounting-links.testing.ts';
import { contactsFor } from './accounting-links.service.ts';
import { openXeroWorld, type XeroWorld } from './accounting.testing.ts';

// xero/organisation/{id}/customers over HTTP against the Xero stand-in: both sides listed with
// suggestions, every suggestion linked at once, contacts made in the books in one call (and not
// twice), linking and unlinking one; contactsFor as the sync calls it; who may, and Xero down.

let world: XeroWorld;
beforeAll(async () => {
  world = await openXeroWorld();
});
afterAll(() => world?.close());

const kit = linksKit(() => world);
const { connected, writes, contactsNamed } = kit;

describe('customers and contacts', () => {
  it('lists both sides with suggestions by ABN, email and name, and links every suggestion at once', async () => {
    const { merchant, admin, addCustomer, contact } = await connected();
    const s = suffix();
    const abn = newAbn();
    const byAbn = await addCustomer({ title: `Alpha ${s}`, abn });
    const byEmail = await addCustomer({ title: `Beta ${s}`, contact_email: `orders-${s}@beta.example` });
    const byName = await addCustomer({ title: `Gamma Foods ${s} Pty Ltd` });
    const alone = await addCustomer({ title: `Delta ${s}` });
    const abnContact = await contact({
      Name: `Alpha Holdings ${s}`,
      TaxNumber: `${abn.slice(0, 2)} ${abn.slice(2)}`,
    });
    const emailContact = await contact({ Name: `B ${s}`, EmailAddress: `ORDERS-${s}@beta.example` });
    const nameContact = await contact({ Name: `gamma foods ${s}` });
    const freeContact = await contact({ Name: `Epsilon ${s}` });

    const list = await ok<CustomerLinks>(kit.api('GET', `${xero(merchant.id)}/customers`, admin.headers));
    // The house account is the merchant's own: not listed.
    expect(list.items.map((row) => row.customer.id)).toEqual([byAbn.id, byEmail.id, alone.id, byName.id]);
    expect(list.counts).toEqual({ total: 4, linked: 0, suggested: 3 });
    expect(list.is_truncated).toBe(false);
    expect(list.next_cursor).toBeNull();
    const suggestionOf = (id: string) => list.items.find((row) => row.customer.id === id)!.suggestion;
    expect(suggestionOf(byAbn.id)).toMatchObject({ contact: { id: abnContact }, reason: 'ABN' });
    expect(suggestionOf(byEmail.id)).toMatchObject({ contact: { id: emailContact }, reason: 'EMAIL' });
    expect(suggestionOf(byName.id)).toMatchObject({ contact: { id: nameContact }, reason: 'NAME' });
    expect(suggestionOf(alone.id)).toBeNull();
    expect(list.unlinked_contacts.map((c) => c.id)).toEqual(
      expect.arrayContaining([abnContact, emailContact, nameContact, freeContact]),
    );

    const done = await ok<LinksChanged>(
      kit.api('POST', `${xero(merchant.id)}/customers`, admin.headers, { action: 'LINK_SUGGESTED' }),
    );
    expect(done).toEqual({ linked: 3, created: 0 });

    const after = await ok<CustomerLinks>(kit.api('GET', `${xero(merchant.id)}/customers`, admin.headers));
    expect(after.counts).toEqual({ total: 4, linked: 3, suggested: 0 });
    expect(after.items.find((row) => row.customer.id === byName.id)).toMatchObject({
      link: { external_id: nameContact, external_name: `gamma foods ${s}`, linked_by: 'Ada Admin' },
      suggestion: null,
    });
    const unlinked = after.unlinked_contacts.map((c) => c.id);
    expect(unlinked).toContain(freeContact);
    expect(unlinked).not.toContain(abnContact);
  });

  it('pages our side by name', async () => {
    const { merchant, admin, addCustomer } = await connected();
    for (const name of ['Charlie', 'alpha', 'Bravo']) await addCustomer({ title: `${name} ${suffix()}` });
    const first = await ok<CustomerLinks>(
      kit.api('GET', `${xero(merchant.id)}/customers?limit=2`, admin.headers),
    );
    expect(first.items.map((row) => row.customer.name.split(' ')[0])).toEqual(['alpha', 'Bravo']);
    const next = await ok<CustomerLinks>(
      kit.api('GET', `${xero(merchant.id)}/customers?limit=2&cursor=${first.next_cursor}`, admin.headers),
    );
    expect(next.items.map((row) => row.customer.name.split(' ')[0])).toEqual(['Charlie']);
    expect(next.next_cursor).toBeNull();
  });

  it('creates the missing contacts in one call with their ABN and email, and never twice', async () => {
    const { merchant, admin, addCustomer } = await connected();
    const s = suffix();
    const abn = newAbn();
    const withAbn = await addCustomer({
      title: `Harbour Café ${s}`,
      abn,
      contact_email: `harbour-${s}@cafe.example`,
    });
    const plain = await addCustomer({ title: `Pier Kiosk ${s}` });
    const create = () =>
      kit.api('POST', `${xero(merchant.id)}/customers`, admin.headers, {
        action: 'CREATE',
        customer_ids: [withAbn.id, plain.id],
      });
    const putsBefore = writes('Contacts').length;

    expect(await ok<LinksChanged>(create())).toEqual({ linked: 2, created: 2 });
    expect(writes('Contacts').length - putsBefore).toBe(1);
    expect(writes('Contacts').at(-1)!.idempotencyKey).toMatch(/^tradeport-/);
    const [made] = contactsNamed(`Harbour Café ${s}`);
    expect(made).toMatchObject({
      TaxNumber: abn,
      EmailAddress: `harbour-${s}@cafe.example`,
      ContactStatus: 'ACTIVE',
    });
    expect(contactsNamed(`Pier Kiosk ${s}`)).toHaveLength(1);

    // The same request again: both are linked, nothing is sent.
    expect(await ok<LinksChanged>(create())).toEqual({ linked: 0, created: 0 });
    expect(writes('Contacts').length - putsBefore).toBe(1);

    // Our links lost after Xero made the contacts (an answer that never arrived): sent again, the
    // request finds them by name in the books and links them instead of making them again.
    await world.t.database.db
      .delete(accountingLinks)
      .where(and(eq(accountingLinks.merchantId, merchant.id), eq(accountingLinks.kind, 'CONTACT')));
    expect(await ok<LinksChanged>(create())).toEqual({ linked: 2, created: 0 });
    expect(contactsNamed(`Harbour Café ${s}`)).toHaveLength(1);
    expect(writes('Contacts').length - putsBefore).toBe(1);
  });

  it('links one customer to a contact of the books, and unlinks it', async () => {
    const { merchant, admin, addCustomer, contact } = await connected();
    const s = suffix();
    const first = await addCustomer({ title: `First ${s}` });
    const second = await addCustomer({ title: `Second ${s}` });
    const chosen = await contact({ Name: `Chosen ${s}` });
    const link = (customerId: string, externalId: string) =>
      kit.api('PUT', `${xero(merchant.id)}/customers/${customerId}`, admin.headers, {
        external_id: externalId,
      });

    expect(await ok<AccountingLinkState>(link(first.id, chosen))).toMatchObject({
      id: first.id,
      link: { external_id: chosen, external_name: `Chosen ${s}`, linked_by: 'Ada Admin' },
    });
    // Linked again to the same: no change.
    expect((await link(first.id, chosen)).statusCode).toBe(200);

    const taken = await link(second.id, chosen);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error_code).toBe('CONFLICT');
    const unknown = await link(second.id, randomUUID());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([expect.objectContaining({ path: 'external_id' })]);

    const unlinked = await ok<AccountingLinkState>(
      kit.api('DELETE', `${xero(merchant.id)}/customers/${first.id}`, admin.headers),
    );
    expect(unlinked).toEqual({ id: first.id, link: null });
    expect(
      (await kit.api('DELETE', `${xero(merchant.id)}/customers/${first.id}`, admin.headers)).statusCode,
    ).toBe(200);
    expect((await ok<AccountingLinkState>(link(second.id, chosen))).link?.external_id).toBe(chosen);

    // The house account is the merchant's own.
    const [house] = await world.t.database.db
      .select({ id: customerAccounts.id })
      .from(customerAccounts)
      .where(and(eq(customerAccounts.merchantId, merchant.id), eq(customerAccounts.isHouseAccount, true)));
    expect((await link(house!.id, chosen)).statusCode).toBe(409);
  });
});

describe('contactsFor, as the sync calls it', () => {
  const sync = async (merchantId: string, customerAccountIds: string[]) => {
    const { token, tenantId } = await createAccountingConnections(world.t.deps).accessToken(
      merchantId,
      'xero',
    );
    return contactsFor({
      db: world.t.database.db,
      merchantId,
      provider: 'xero',
      directory: world.t.deps.accounting.xero!,
      call: { accessToken: token, tenantId },
      customerAccountIds,
    });
  };

  it('makes one contact when two jobs ask for the same new customer at once', async () => {
    const { merchant, addCustomer } = await connected();
    const name = `Twice At Once ${suffix()}`;
    const customer = await addCustomer({ title: name });
    const putsBefore = writes('Contacts').length;
    const [a, b] = await Promise.all([sync(merchant.id, [customer.id]), sync(merchant.id, [customer.id])]);
    // Each job that found no contact sent the same write, under the same key: Xero made it once.
    const sent = writes('Contacts').slice(putsBefore);
    expect(new Set(sent.map((write) => write.idempotencyKey)).size).toBe(1);
    expect(a.get(customer.id)).toBeDefined();
    expect(b.get(customer.id)).toBe(a.get(customer.id));
    expect(contactsNamed(name)).toHaveLength(1);
    const links = await world.t.database.db
      .select()
      .from(accountingLinks)
      .where(and(eq(accountingLinks.merchantId, merchant.id), eq(accountingLinks.localId, customer.id)));
    expect(links).toEqual([
      expect.objectContaining({ externalId: a.get(customer.id), linkedByUserId: null }),
    ]);
  });

  it('links a free contact the books already have under the name, and knows no other merchant’s customer', async () => {
    const { merchant, addCustomer, contact } = await connected();
    const name = `Already There ${suffix()}`;
    const customer = await addCustomer({ title: name });
    const existing = await contact({ Name: name.toUpperCase() });
    const putsBefore = writes('Contacts').length;
    expect(await sync(merchant.id, [customer.id])).toEqual(new Map([[customer.id, existing]]));
    expect(writes('Contacts').length).toBe(putsBefore);

    const other = await connected();
    const theirs = await other.addCustomer({ title: `Theirs ${suffix()}` });
    await expect(sync(merchant.id, [theirs.id])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('who may, and when Xero is down', () => {
  it('refuses a User (403) and another merchant’s records (404, nothing changed)', async () => {
    const { merchant, admin, addCustomer } = await connected();
    const user = await kit.memberOf(merchant.id, 'User');
    expect((await kit.api('GET', `${xero(merchant.id)}/customers`, user.headers)).statusCode).toBe(403);
    expect((await kit.api('GET', `${xero(merchant.id)}/taxes`, user.headers)).statusCode).toBe(403);

    const other = await connected();
    const theirCustomer = await other.addCustomer({ title: `Not yours ${suffix()}` });
    const theirProduct = await createTestProduct(world.t.database.db, { merchantId: other.merchant.id });
    const mine = await addCustomer({ title: `Mine ${suffix()}` });
    const putsBefore = writes('Contacts').length;
    const answers = await Promise.all([
      kit.api('PUT', `${xero(merchant.id)}/customers/${theirCustomer.id}`, admin.headers, {
        external_id: 'x',
      }),
      kit.api('DELETE', `${xero(merchant.id)}/customers/${theirCustomer.id}`, admin.headers),
      kit.api('PUT', `${xero(merchant.id)}/products/${theirProduct.id}`, admin.headers, { external_id: 'x' }),
      kit.api('DELETE', `${xero(merchant.id)}/products/${theirProduct.id}`, admin.headers),
      kit.api('PUT', `${xero(merchant.id)}/taxes/${randomUUID()}`, admin.headers, { tax_id: 'OUTPUT' }),
      kit.api('POST', `${xero(merchant.id)}/customers`, admin.headers, {
        action: 'CREATE',
        customer_ids: [mine.id, theirCustomer.id],
      }),
      kit.api('POST', `${xero(merchant.id)}/products`, admin.headers, {
        action: 'CREATE',
        product_ids: [theirProduct.id],
      }),
    ]);
    expect(answers.map((answer) => `${answer.statusCode} ${answer.json().error_code}`)).toEqual(
      Array(answers.length).fill('404 NOT_FOUND'),
    );
    expect(writes('Contacts').length).toBe(putsBefore);
    const links = await world.t.database.db
      .select()
      .from(accountingLinks)
      .where(eq(accountingLinks.merchantId, merchant.id));
    expect(links).toEqual([]);
    // The other merchant's Admin cannot read this merchant's links at all.
    expect((await kit.api('GET', `${xero(merchant.id)}/customers`, other.admin.headers)).statusCode).toBe(
      404,
    );
  });

  it('answers 503 while Xero does not answer or is rate-limiting, and 409 while not connected', async () => {
    const { merchant, admin } = await connected();
    world.standIn.failNext(1, { status: 503 });
    const down = await kit.api('GET', `${xero(merchant.id)}/customers`, admin.headers);
    expect(down.statusCode).toBe(503);
    expect(down.json().error_code).toBe('SERVICE_UNAVAILABLE');
    world.standIn.failNext(1, { status: 503 });
    const creating = await kit.api('POST', `${xero(merchant.id)}/products`, admin.headers, {
      action: 'LINK_SUGGESTED',
    });
    expect(creating.statusCode).toBe(503);
    // Xero's own rate limit: it answers, so it is said as a wait, not as silence.
    world.standIn.failNext(1, { status: 429, retryAfter: 7 });
    const limited = await kit.api('GET', `${xero(merchant.id)}/customers`, admin.headers);
    expect(limited.statusCode).toBe(503);
    expect(limited.json().message).toBe('Xero is taking no more requests just now. Try again in 7 seconds.');

    const { merchant: fresh, admin: freshAdmin } = await kit.newMerchant();
    const notConnected = await kit.api('GET', `${xero(fresh.id)}/products`, freshAdmin.headers);
    expect(notConnected.statusCode).toBe(409);
  });
});
