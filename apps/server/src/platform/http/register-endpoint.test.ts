import { getCatalogueProduct, getHealth, getOrganisation, listCatalogue } from '@tradeport/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { access, type AccessRule } from '../tenancy/access.ts';
import { registerEndpoint } from './register-endpoint.ts';

const handler = async () => {
  throw new Error('never called: registration refuses first');
};

describe('registerEndpoint at start-up', () => {
  it('refuses a signed-in endpoint registered without an access rule', () => {
    const app = Fastify();
    expect(() =>
      registerEndpoint(app, getOrganisation, { access: undefined as unknown as AccessRule, handler }),
    ).toThrow('GET /organisations/{id} is registered without an access rule');
  });

  it('refuses a rule that disagrees with the contract on whether a session is needed', () => {
    const app = Fastify();
    expect(() => registerEndpoint(app, getOrganisation, { access: access.public(), handler })).toThrow(
      '"user" in the contract but registered with a "public" rule',
    );
    expect(() => registerEndpoint(app, getHealth, { access: access.member({ org: 'id' }), handler })).toThrow(
      '"public" in the contract but registered with a "member" rule',
    );
    expect(() => registerEndpoint(app, getHealth, { access: access.user(), handler })).toThrow(
      'registered with a "user" rule',
    );
  });

  it('refuses a rule reading a parameter or query field the endpoint does not declare', () => {
    const app = Fastify();
    expect(() =>
      registerEndpoint(app, getOrganisation, { access: access.merchant({ org: 'oid' }), handler }),
    ).toThrow('the endpoint declares no params field "oid"');
    expect(() =>
      registerEndpoint(app, getCatalogueProduct, {
        access: access.customerAccount({ merchant: 'id', customer: { query: 'customer_organisation_id' } }),
        handler,
      }),
    ).toThrow('the endpoint declares no query field "customer_organisation_id"');
  });

  it('accepts a rule that fits', () => {
    const app = Fastify();
    expect(() =>
      registerEndpoint(app, listCatalogue, {
        access: access.customerAccount({ merchant: 'id', customer: { query: 'customer_organisation_id' } }),
        handler,
      }),
    ).not.toThrow();
  });
});
