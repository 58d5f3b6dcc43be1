import type { Endpoint, UserLevel } from '@tradeport/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../errors.ts';
import { presentedCustomerView } from './customer-view-cookie.ts';
import type {
  AccessQueries,
  CustomerAccountAccess,
  CustomerViewMembership,
  Membership,
  OrganisationKind,
  OrganisationRecord,
  OwnedRecordKind,
  SharedRecordKind,
} from './membership.queries.ts';

/** Where a request names an organisation: a path parameter (by name), a query field or a header. */
export type OrganisationSource = string | { query: string } | { header: string };

/** A record named by id in a path parameter, whose owner is found through `recordOwners`. */
export type RecordSource = { record: OwnedRecordKind; param: string };

export type UserActor = { userId: string };

/** A member of the organisation the request acts for, at their level there. */
export type MemberActor<K extends OrganisationKind = OrganisationKind> = {
  userId: string;
  organisationId: string;
  kind: K;
  level: UserLevel;
};

/** A caller acting through a customer organisation's account with a merchant. */
export type CustomerAccountActor = UserActor & CustomerAccountAccess;

type Requirement = { kind?: OrganisationKind; level?: 'Admin' };

export type AccessSpec =
  | { type: 'public' }
  | { type: 'user' }
  | ({
      type: 'member';
      organisation: OrganisationSource;
      withOrganisation?: boolean;
      /** An organisation whose access lapsed (deactivate_date passed) is still reached: billing's. */
      isLapsedAllowed?: boolean;
    } & Requirement)
  | ({ type: 'owner' } & RecordSource & Requirement)
  | ({ type: 'party'; record: SharedRecordKind; param: string } & Requirement)
  | { type: 'customer-account'; merchant: string | RecordSource; customer: OrganisationSource };

/** An access rule; `A` is what the handler receives as its actor once the rule is met. */
export type AccessRule<A = unknown> = AccessSpec & { readonly actor?: A };

const rule = <A>(spec: AccessSpec): AccessRule<A> => spec;

/**
 * The access rules an endpoint is registered with. Every rule but `public` needs a session. A
 * caller who does not belong where the rule looks gets 404 (never confirming the organisation
 * or record exists); one who belongs but lacks the organisation kind or level gets 403.
 */
export const access = {
  /** Anyone, signed in or not. */
  public: () => rule<undefined>({ type: 'public' }),
  /** Any signed-in person, acting for themselves. */
  user: () => rule<UserActor>({ type: 'user' }),
  /** A member of the organisation named by `org`, of either kind; optionally an Admin. */
  member: (options: { org: OrganisationSource; level?: 'Admin' }) =>
    rule<MemberActor>({ type: 'member', organisation: options.org, level: options.level }),
  /**
   * `member`, for an endpoint that reads the organisation itself: the membership check returns
   * the organisation's row as `actor.organisation`, so the read costs no second round trip.
   */
  memberReadingOrganisation: (options: { org: OrganisationSource; level?: 'Admin' }) =>
    rule<MemberActor & { organisation: OrganisationRecord }>({
      type: 'member',
      organisation: options.org,
      level: options.level,
      withOrganisation: true,
    }),
  /** A member of the merchant named by `org`; a customer organisation's member gets 403. */
  merchant: (options: { org: OrganisationSource; level?: 'Admin' }) =>
    rule<MemberActor<'MERCHANT'>>({
      type: 'member',
      organisation: options.org,
      kind: 'MERCHANT',
      level: options.level,
    }),
  /**
   * `merchant`, with the organisation's row as `actor.organisation` (see memberReadingOrganisation).
   * `isLapsedAllowed`: also once the merchant's access has lapsed (deactivate_date passed), for the
   * billing screen, where it pays to get access back; nothing else may say so.
   */
  merchantReadingOrganisation: (options: {
    org: OrganisationSource;
    level?: 'Admin';
    isLapsedAllowed?: true;
  }) =>
    rule<MemberActor<'MERCHANT'> & { organisation: OrganisationRecord }>({
      type: 'member',
      organisation: options.org,
      kind: 'MERCHANT',
      level: options.level,
      withOrganisation: true,
      isLapsedAllowed: options.isLapsedAllowed,
    }),
  /** A member of the customer organisation named by `org`; a merchant's member gets 403. */
  customer: (options: { org: OrganisationSource; level?: 'Admin' }) =>
    rule<MemberActor<'CUSTOMER'>>({
      type: 'member',
      organisation: options.org,
      kind: 'CUSTOMER',
      level: options.level,
    }),
  /** A member of the organisation owning the record a path names by id alone (`products/{id}`). */
  ownerOf: <K extends OrganisationKind>(options: RecordSource & { kind: K; level?: 'Admin' }) =>
    rule<MemberActor<K>>({ type: 'owner', ...options }),
  /**
   * A member of either party to a record a path names by id alone (`orders/{id}`): the merchant
   * owning it or the customer organisation it was made for. With `kind: 'MERCHANT'`, the
   * customer's members get 403 (they may see the record, so refusing says nothing new); anyone
   * else gets 404. The actor's `kind` says which party the caller is.
   */
  partyTo: <K extends OrganisationKind = OrganisationKind>(options: {
    record: SharedRecordKind;
    param: string;
    kind?: K;
    level?: 'Admin';
  }) => rule<MemberActor<K>>({ type: 'party', ...options }),
  /**
   * Acting through customer organisation `customer`'s account with `merchant` (a merchant id
   * parameter, or the owner of a record): a member of that customer organisation or of the
   * merchant itself, the account not archived.
   */
  customerAccount: (options: { merchant: string | RecordSource; customer: OrganisationSource }) =>
    rule<CustomerAccountActor>({ type: 'customer-account', ...options }),
};

// A strict UUID: anything looser (36 hyphens, 36 hex digits) would reach the database as one.
const HEADER_ID = z.uuid().transform((id) => id.toLowerCase());

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

const fieldOf = (schema: z.ZodType | undefined, name: string): z.ZodType | undefined =>
  schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[name] : undefined;

/** The schema a source's value is read with, or why the endpoint cannot have this rule. */
function sourceSchema(endpoint: Endpoint, source: OrganisationSource): z.ZodType | string {
  if (typeof source === 'object' && 'header' in source) return HEADER_ID;
  const [slot, name] =
    typeof source === 'string' ? (['params', source] as const) : (['query', source.query] as const);
  return fieldOf(endpoint[slot], name) ?? `the endpoint declares no ${slot} field "${name}"`;
}

function sourcesOf(spec: AccessSpec): OrganisationSource[] {
  switch (spec.type) {
    case 'public':
    case 'user':
      return [];
    case 'member':
      return [spec.organisation];
    case 'owner':
    case 'party':
      return [spec.param];
    case 'customer-account':
      return [typeof spec.merchant === 'string' ? spec.merchant : spec.merchant.param, spec.customer];
  }
}

/**
 * Checks at start-up that a rule fits its endpoint: present, public exactly when the contract
 * says so, and naming only parameters and query fields the endpoint declares.
 */
export function assertRuleFits(endpoint: Endpoint, spec: AccessSpec | undefined): asserts spec is AccessSpec {
  const name = `${endpoint.method} ${endpoint.path}`;
  if (!spec) throw new Error(`${name} is registered without an access rule`);
  if ((endpoint.auth === 'public') !== (spec.type === 'public')) {
    throw new Error(
      `${name} is "${endpoint.auth}" in the contract but registered with a "${spec.type}" rule`,
    );
  }
  for (const source of sourcesOf(spec)) {
    const schema = sourceSchema(endpoint, source);
    if (typeof schema === 'string') throw new Error(`${name}'s access rule cannot be met: ${schema}`);
  }
}

type Inputs = { endpoint: Endpoint; request: FastifyRequest };

/** The value a source names, read with the endpoint's own schema; undefined when it is invalid. */
function read({ endpoint, request }: Inputs, source: OrganisationSource): string | undefined {
  const schema = sourceSchema(endpoint, source) as z.ZodType;
  if (typeof source === 'object' && 'header' in source) {
    const parsed = schema.safeParse(request.headers[source.header]);
    if (parsed.success) return parsed.data as string;
    throw new AppError('VALIDATION_ERROR', 'Name the organisation in the X-Organisation-Id header.', [
      { path: `headers.${source.header}`, message: 'Required: the organisation id' },
    ]);
  }
  const values = (typeof source === 'string' ? request.params : request.query) as Record<string, unknown>;
  const parsed = schema.safeParse(values[typeof source === 'string' ? source : source.query]);
  return parsed.success ? (parsed.data as string) : undefined;
}

function checkRequirement(membership: Membership, requirement: Requirement) {
  if (requirement.kind && membership.kind !== requirement.kind) {
    throw forbidden(
      requirement.kind === 'MERCHANT' ? 'Only merchants can do this.' : 'Only customers can do this.',
    );
  }
  if (requirement.level === 'Admin' && membership.level !== 'Admin') {
    throw forbidden('Only an Admin of this organisation can do this.');
  }
}

/**
 * The caller as the house customer they are viewing the portal as (customer view), when the
 * request's cookie names exactly this organisation: a second round trip, only on that path.
 */
async function customerViewOf(
  queries: AccessQueries,
  inputs: Inputs & { userId: string; organisationId: string },
): Promise<CustomerViewMembership | undefined> {
  if (presentedCustomerView(inputs.request) !== inputs.organisationId) return undefined;
  return queries.findCustomerView({ userId: inputs.userId, organisationId: inputs.organisationId });
}

/**
 * Resolves a rule for a signed-in request in one database round trip, and returns the actor the
 * handler receives. Undefined when an id the rule reads is malformed: validation then answers 400.
 */
export async function resolveAccess(
  queries: AccessQueries,
  inputs: Inputs & { spec: AccessSpec; userId: string },
): Promise<unknown> {
  const { spec, userId } = inputs;
  switch (spec.type) {
    case 'public':
      return undefined;
    case 'user':
      return { userId } satisfies UserActor;
    case 'member': {
      const organisationId = read(inputs, spec.organisation);
      if (!organisationId) return undefined;
      const membership =
        (spec.withOrganisation || spec.isLapsedAllowed
          ? await queries.findMembershipWithOrganisation({
              userId,
              organisationId,
              isLapsedAllowed: spec.isLapsedAllowed,
            })
          : await queries.findMembership({ userId, organisationId })) ??
        (await customerViewOf(queries, { ...inputs, organisationId }));
      if (!membership) throw notFound('Organisation');
      checkRequirement(membership, spec);
      return { userId, ...membership } satisfies MemberActor;
    }
    case 'owner': {
      const recordId = read(inputs, spec.param);
      if (!recordId) return undefined;
      const membership = await queries.findMembershipOfOwner({ userId, record: spec.record, recordId });
      if (!membership) throw notFound(capitalised(spec.record));
      checkRequirement(membership, spec);
      return { userId, ...membership } satisfies MemberActor;
    }
    case 'party': {
      const recordId = read(inputs, spec.param);
      if (!recordId) return undefined;
      const membership = await queries.findMembershipOfParty({ userId, record: spec.record, recordId });
      if (!membership) throw notFound(capitalised(spec.record));
      checkRequirement(membership, spec);
      return { userId, ...membership } satisfies MemberActor;
    }
    case 'customer-account': {
      const organisationId = read(inputs, spec.customer);
      const merchant = typeof spec.merchant === 'string' ? spec.merchant : spec.merchant.param;
      const merchantOrRecordId = read(inputs, merchant);
      if (!organisationId || !merchantOrRecordId) return undefined;
      const account =
        typeof spec.merchant === 'string'
          ? await queries.findCustomerAccount({ userId, organisationId, merchantId: merchantOrRecordId })
          : await queries.findCustomerAccount({
              userId,
              organisationId,
              record: spec.merchant.record,
              recordId: merchantOrRecordId,
            });
      if (!account) {
        throw notFound(
          typeof spec.merchant === 'string' ? 'Customer account' : capitalised(spec.merchant.record),
        );
      }
      return { userId, ...account } satisfies CustomerAccountActor;
    }
  }
}
