import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { xeroCall } from '../../integrations/accounting/xero/testing/stand-in-test-client.ts';
import { createAccountingConnections } from './accounting-connections.service.ts';
import { type XeroWorld, xeroKit } from './accounting.testing.ts';

// Helpers shared by the links' API tests. Every merchant they make connects the Xero stand-in's
// one organisation, so the books are shared between tests: names carry a suffix. The stand-in
// keeps Xero's limit of 60 calls a minute per organisation, which one test file must stay within.

export const xeroPath = (merchantId: string) => `/xero/organisation/${merchantId}`;
export const suffix = () => randomUUID().slice(0, 6);

/** A valid ABN (its checksum holds), different every time. */
export function newAbn(): string {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  for (;;) {
    const rest = Array.from({ length: 10 }, () => randomInt(10));
    const sum = rest.reduce((total, digit, index) => total + digit * weights[index + 1]!, 0);
    for (let first = 1; first <= 9; first += 1) {
      if (((first - 1) * 10 + sum) % 89 === 0) return [first, ...rest].join('');
    }
  }
}

/** `status` (200 unless said) and the JSON body, or the test fails showing the body. */
export async function ok<T>(
  call: Promise<{ statusCode: number; body: string; json(): unknown }>,
  status = 200,
) {
  const response = await call;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

export function linksKit(world: () => XeroWorld) {
  const kit = xeroKit(world);

  /** A connected merchant, with hands on its books at the stand-in as a Xero user would have. */
  async function connected() {
    const { merchant, admin, version } = await kit.connectedMerchant();
    const base = `/organisations/${merchant.id}/customers`;
    const addCustomer = (fields: Record<string, unknown>) => kit.addCustomer(base, admin.headers, fields);
    async function inXero(method: 'GET' | 'PUT', path: string, body?: unknown) {
      const { token, tenantId } = await createAccountingConnections(world().t.deps).accessToken(
        merchant.id,
        'xero',
      );
      const answer = await xeroCall(world().standIn, token, method, `/api.xro/2.0/${path}`, {
        tenantId,
        body,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    }
    const contact = async (fields: Record<string, unknown>) =>
      ((await inXero('PUT', 'Contacts', { Contacts: [fields] })) as { Contacts: { ContactID: string }[] })
        .Contacts[0]!.ContactID;
    return { merchant, admin, version, addCustomer, inXero, contact };
  }

  /** The writes (PUTs) the stand-in received to one collection. */
  const writes = (path: string) =>
    world().standIn.requests.filter(
      (request) => request.method === 'PUT' && request.path === `/api.xro/2.0/${path}`,
    );
  const contactsNamed = (name: string) =>
    [...world().standIn.contacts().values()].filter((contact) => contact.Name === name);

  return { ...kit, connected, writes, contactsNamed };
}
