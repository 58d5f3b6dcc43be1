import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { customerTestKit, details } from '../customers/customers.testing.ts';

// A merchant's bank account for payments by transfer, in its details (PUT organisations/{id}):
// printed on its tax invoices, so all three fields or none; left out, it stays as it is.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, addCustomer, memberOf } = customerTestKit(() => t);

const account = {
  bank_account_name: '  Pier Street Produce Pty Ltd ',
  bank_bsb: '062 000',
  bank_account_number: '1045 8832',
};
const saved = {
  bank_account_name: 'Pier Street Produce Pty Ltd',
  bank_bsb: '062000',
  bank_account_number: '10458832',
};
const none = { bank_account_name: null, bank_bsb: null, bank_account_number: null };

async function merchant() {
  const made = await newMerchant();
  const url = `/organisations/${made.merchant.id}`;
  const read = async () => (await api('GET', url, made.admin.headers)).json();
  const put = (version: number, extra: object, headers = made.admin.headers) =>
    api('PUT', url, headers, { ...details({ title: 'Pier Street' }), image: null, version, ...extra });
  return { ...made, url, read, put };
}

describe('a merchant’s bank account for payments by transfer', () => {
  it('starts empty; an Admin saves it normalised, and an edit that leaves it out keeps it', async () => {
    const m = await merchant();
    expect(await m.read()).toMatchObject(none);

    const response = await m.put(1, account);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...saved, version: 2 });
    expect(await m.read()).toMatchObject(saved);

    const renamed = await m.put(2, { title: 'Pier Street Fresh' });
    expect(renamed.json()).toMatchObject({ title: 'Pier Street Fresh', ...saved, version: 3 });
    // The dashed BSB is read the same.
    const dashed = await m.put(3, { ...account, bank_bsb: '062-000' });
    expect(dashed.json()).toMatchObject(saved);
  });

  it('wants all three or none: 400 naming each field left empty, and nothing changes', async () => {
    const m = await merchant();
    const partial = await m.put(1, { ...account, bank_account_number: '' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      details: [{ path: 'body.bank_account_number', message: expect.stringMatching(/account number too/) }],
    });

    const onlyBsb = await m.put(1, { bank_bsb: '062000' });
    expect(onlyBsb.statusCode).toBe(400);
    expect(onlyBsb.json().details.map((d: { path: string }) => d.path)).toEqual([
      'body.bank_account_name',
      'body.bank_account_number',
    ]);

    const malformed = await m.put(1, { ...account, bank_bsb: '06-2000', bank_account_number: '12345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toEqual([
      { path: 'body.bank_bsb', message: 'Enter a 6-digit BSB, like 062-000' },
      { path: 'body.bank_account_number', message: 'Enter an account number of 6 to 10 digits' },
    ]);
    expect(await m.read()).toMatchObject({ ...none, version: 1 });
  });

  it('is cleared with nulls or blanks', async () => {
    const m = await merchant();
    expect((await m.put(1, account)).statusCode).toBe(200);
    const cleared = await m.put(2, none);
    expect(cleared.json()).toMatchObject({ ...none, version: 3 });

    expect((await m.put(3, account)).statusCode).toBe(200);
    const blanked = await m.put(4, { bank_account_name: '', bank_bsb: ' ', bank_account_number: '' });
    expect(blanked.json()).toMatchObject({ ...none, version: 5 });
  });

  it('is only an Admin’s to change', async () => {
    const m = await merchant();
    const user = await memberOf(m.merchant.id, 'User');
    const response = await m.put(1, account, user.headers);
    expect(response.statusCode).toBe(403);
    expect(await m.read()).toMatchObject({ ...none, version: 1 });
  });

  it('is not a customer organisation’s: a new one is refused, none is fine', async () => {
    const m = await merchant();
    const customer = await addCustomer(m.base, m.admin.headers, { title: 'Corner Deli' });
    const person = await memberOf(customer.organisation_id, 'Admin');
    const url = `/organisations/${customer.organisation_id}`;
    const put = (extra: object) =>
      api('PUT', url, person.headers, {
        ...details({ title: 'Corner Deli' }),
        image: null,
        version: 1,
        ...extra,
      });

    const refused = await put(account);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: 'body.bank_account_name', message: expect.stringMatching(/customer/i) },
    ]);
    const fine = await put(none);
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toMatchObject(none);
  });
});
