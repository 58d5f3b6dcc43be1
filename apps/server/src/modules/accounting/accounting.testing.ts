import { randomBytes } from 'node:crypto';
import type { AccountingConnection } from '@tradeport/contract';
import { expect } from 'vitest';
import {
  answerXeroConsentPage,
  startXeroStandIn,
  type XeroStandIn,
} from '../../integrations/accounting/xero/testing/xero-stand-in.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';

// An app set up for Xero against the Xero stand-in, and a merchant's Admin connecting through it
// over HTTP as the settings screen does: connect, the consent page, the code and state posted back.

export type XeroWorld = { standIn: XeroStandIn; t: TestApp; close(): Promise<void> };

export async function openXeroWorld(): Promise<XeroWorld> {
  const standIn = await startXeroStandIn();
  const t = await createTestApp({ ...standIn.env, ACCOUNTING_TOKEN_KEY: randomBytes(32).toString('base64') });
  return {
    standIn,
    t,
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}

export const xeroSettingsPath = (merchantId: string) => `/xero/organisation/${merchantId}/settings`;

export function xeroKit(world: () => XeroWorld) {
  const kit = customerTestKit(() => world().t);

  /** Connect → Xero's consent page (allowed unless said) → back with its code and state. */
  async function consent(merchantId: string, headers: Headers, options: { allow?: boolean } = {}) {
    const started = await kit.api('POST', `${xeroSettingsPath(merchantId)}/connect`, headers);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json<{ url: string }>().url);
    const back = await answerXeroConsentPage(url.toString(), options);
    return {
      url,
      back,
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    };
  }

  const complete = (merchantId: string, headers: Headers, body: object) =>
    kit.api('POST', `${xeroSettingsPath(merchantId)}/oauth`, headers, body);

  /** A new merchant whose Admin has connected Xero's one organisation. */
  async function connectedMerchant() {
    const { merchant, admin } = await kit.newMerchant();
    const { code, state } = await consent(merchant.id, admin.headers);
    const done = await complete(merchant.id, admin.headers, { code, state });
    expect(done.statusCode, done.body).toBe(200);
    const connection = done.json<AccountingConnection>();
    return { merchant, admin, connection, version: connection.version! };
  }

  return { ...kit, consent, complete, connectedMerchant };
}
