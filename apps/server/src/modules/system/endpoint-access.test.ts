import {
  buildPath,
  type Endpoint,
  endpoints,
  ORGANISATION_HEADER,
  type RecordKind,
  recordIds,
} from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredAccess } from '../../platform/http/register-endpoint.ts';
import type { AccessSpec } from '../../platform/tenancy/access.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { fingerprint, type Role, type World, worldKit } from './endpoint-access.testing.ts';

// Generated from the contract: every endpoint, by the access rule it was registered with. A new
// endpoint is covered the day it is added; one whose ids the contract does not describe fails here.

let t: TestApp;
let world: Awaited<ReturnType<ReturnType<typeof worldKit>['build']>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await worldKit(() => t).build();
});
afterAll(() => t.close());

const ruleOf = (endpoint: Endpoint): AccessSpec => {
  const rule = declaredAccess(t.app).get(endpoint);
  if (!rule) throw new Error(`${endpoint.method} ${endpoint.path} is in the contract but not registered`);
  return rule;
};

/** The record an id schema names, looking through optional, default, array and pipe wrappers. */
function recordOf(schema: z.ZodType): RecordKind | undefined {
  const queue: unknown[] = [schema];
  while (queue.length > 0) {
    const current = queue.shift() as z.ZodType | undefined;
    if (!current) continue;
    const found = recordIds.get(current);
    if (found) return found.record;
    const def = current._zod.def as unknown as Record<string, z.ZodType | undefined>;
    queue.push(def.innerType, def.element, def.in, def.out);
  }
  return undefined;
}

function valueFor(endpoint: Endpoint, field: { slot: string; name: string; schema: z.ZodType }, ids: World) {
  const record = recordOf(field.schema);
  if (record) {
    const id = ids[record];
    if (id === undefined)
      throw new Error(`No ${record} in the access test's world: add one (endpoint-access.testing.ts)`);
    return id;
  }
  if (field.schema instanceof z.ZodEnum) return String(field.schema.options[0]);
  throw new Error(
    `${endpoint.method} ${endpoint.path}: ${field.slot} "${field.name}" names no record kind. ` +
      'Declare it with RecordId(kind) in packages/contract (ids.ts) so the access test can fill it.',
  );
}

const shapeOf = (schema: z.ZodType | undefined) =>
  Object.entries(schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {});

/** The ids an endpoint is called with: every path parameter, and each id its query requires. */
function idsFor(endpoint: Endpoint, ids: World) {
  const params = Object.fromEntries(
    shapeOf(endpoint.params).map(([name, schema]) => [
      name,
      valueFor(endpoint, { slot: 'path', name, schema }, ids),
    ]),
  );
  const query = Object.fromEntries(
    shapeOf(endpoint.query)
      // Other required fields are left out: access is settled before the query is validated.
      .filter(([, schema]) => recordOf(schema) && !schema.safeParse(undefined).success)
      .map(([name, schema]) => [name, valueFor(endpoint, { slot: 'query', name, schema }, ids)]),
  );
  return { params, query };
}

function requestFor(endpoint: Endpoint, ids: World, header: string) {
  const { params, query } = idsFor(endpoint, ids);
  return {
    method: endpoint.method,
    url: `/api/v1${buildPath(endpoint.path, params)}`,
    query,
    headers: { [ORGANISATION_HEADER]: header },
    // Access is settled before the body is read: an empty one is refused exactly as a valid one.
    ...(endpoint.body ? { payload: {} } : {}),
  };
}

/** What each rule's endpoint must answer a caller whose every id is another tenant's. */
const isTenantScoped = (rule: AccessSpec) => rule.type !== 'public' && rule.type !== 'user';

async function sweep(options: { role: Role; ids: World; header: string; only?: (e: Endpoint) => boolean }) {
  const answers: Record<string, string> = {};
  const only = options.only ?? ((endpoint: Endpoint) => isTenantScoped(ruleOf(endpoint)));
  for (const endpoint of endpoints.filter(only)) {
    const response = await t.app.inject({
      ...requestFor(endpoint, options.ids, options.header),
      headers: { ...options.role.headers, [ORGANISATION_HEADER]: options.header },
    });
    answers[`${endpoint.method} ${endpoint.path}`] = `${response.statusCode} ${response.json().error_code}`;
  }
  return answers;
}

const expectAll = (answers: Record<string, string>, expected: (key: string) => string) =>
  expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, expected(key)])));

describe('every contract endpoint', () => {
  it('is registered with an access rule that matches its contract auth', () => {
    const rules = endpoints.map((e) => [
      `${e.method} ${e.path}`,
      ruleOf(e).type === 'public',
      e.auth === 'public',
    ]);
    expect(rules.filter(([, isPublicRule, isPublic]) => isPublicRule !== isPublic)).toEqual([]);
    expect(endpoints.filter((e) => isTenantScoped(ruleOf(e))).length).toBeGreaterThan(60);
  });

  it('answers 401 without a session, unless public', async () => {
    const answers: Record<string, string> = {};
    for (const endpoint of endpoints.filter((e) => e.auth !== 'public')) {
      const response = await t.app.inject(
        requestFor(endpoint, world.merchantB, world.merchantB.organisation),
      );
      answers[`${endpoint.method} ${endpoint.path}`] = `${response.statusCode} ${response.json().error_code}`;
    }
    expect(Object.keys(answers).length).toBeGreaterThan(60);
    expectAll(answers, () => '401 UNAUTHORIZED');
  });

  describe.each(['merchant Admin', 'merchant User', 'customer'])('for a %s of merchant A', (roleName) => {
    const role = () => world.roles.find((r) => r.name === roleName)!;

    it('answers merchant B’s ids with 404 and changes nothing', async () => {
      const before = await fingerprint(t);
      const { merchantB } = world;
      expectAll(
        await sweep({ role: role(), ids: merchantB, header: merchantB['customer organisation'] }),
        () => '404 NOT_FOUND',
      );
      expect(await fingerprint(t)).toEqual(before);
    });

    // The signed-in-user rule trusts the handler with the ids a path names (an invitation is what
    // grants access to its organisation); whatever it answers, it must be a refusal.
    it('is refused wherever a signed-in-user endpoint names merchant B’s records', async () => {
      const before = await fingerprint(t);
      const { merchantB } = world;
      const namesRecords = (endpoint: Endpoint) =>
        ruleOf(endpoint).type === 'user' && shapeOf(endpoint.params).some(([, schema]) => recordOf(schema));
      const answers = await sweep({
        role: role(),
        ids: merchantB,
        header: merchantB.organisation,
        only: namesRecords,
      });
      expect(Object.keys(answers).length).toBeGreaterThan(0);
      for (const [key, answer] of Object.entries(answers)) expect(answer, key).toMatch(/^4\d\d [A-Z_]+$/);
      expect(await fingerprint(t)).toEqual(before);
    });

    it('answers 403 on its own organisation where it lacks the kind or level, else 404 for merchant B’s records', async () => {
      const before = await fingerprint(t);
      const { own } = role();
      const ids: World = { ...world.merchantB, organisation: own.organisationId };
      const lacks = (rule: AccessSpec) =>
        rule.type === 'member' &&
        ((rule.kind !== undefined && rule.kind !== own.kind) ||
          (rule.level === 'Admin' && own.level !== 'Admin'));
      // A refusal comes before the body is read. A member with the right kind and level gets the
      // body validated before any record is, so only endpoints without one show the record's 404.
      const expected = (endpoint: Endpoint) => {
        const rule = ruleOf(endpoint);
        if (rule.type !== 'member') return undefined;
        if (lacks(rule)) return '403 FORBIDDEN';
        const { params, query } = idsFor(endpoint, ids);
        const namesForeignRecord = Object.values({ ...params, ...query }).some(
          (id) => id !== own.organisationId,
        );
        return namesForeignRecord && !endpoint.body ? '404 NOT_FOUND' : undefined;
      };
      const answers = await sweep({
        role: role(),
        ids,
        header: own.organisationId,
        only: (endpoint) => expected(endpoint) !== undefined,
      });
      expect(Object.keys(answers).length).toBeGreaterThan(10);
      expectAll(answers, (key) => expected(endpoints.find((e) => `${e.method} ${e.path}` === key)!)!);
      expect(await fingerprint(t)).toEqual(before);
    });
  });

  it('answers another customer’s ids (customer C of merchant A) with 404 to a customer, and changes nothing', async () => {
    const before = await fingerprint(t);
    const customer = world.roles.find((r) => r.name === 'customer')!;
    const { customerC } = world;
    expectAll(
      await sweep({ role: customer, ids: customerC, header: customerC['customer organisation'] }),
      () => '404 NOT_FOUND',
    );
    expect(await fingerprint(t)).toEqual(before);
  });
});
