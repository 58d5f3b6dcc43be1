import { randomUUID } from 'node:crypto';
import type { UserLevel } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../platform/auth/passwords.ts';
import type { Db } from '../platform/db/client.ts';
import {
  customerAccounts,
  invitations,
  memberships,
  organisations,
  users,
} from '../platform/db/schema/index.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export async function createUser(db: Db, overrides: { email?: string; name?: string } = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `user-${randomUUID()}@example.test`,
      name: overrides.name ?? 'Test Person',
      passwordHash: await passwordHash,
    })
    .returning();
  return user!;
}

type OrganisationOverrides = Partial<typeof organisations.$inferInsert>;

export async function createOrganisation(db: Db, overrides: OrganisationOverrides = {}) {
  const [organisation] = await db
    .insert(organisations)
    .values({ kind: 'MERCHANT', title: 'Test Merchant', slug: `org-${randomUUID()}`, ...overrides })
    .returning();
  return organisation!;
}

export async function addMember(
  db: Db,
  options: {
    userId: string;
    organisationId: string;
    level?: UserLevel;
    active?: boolean;
    invitationAccepted?: boolean;
  },
) {
  await db.insert(memberships).values({
    userId: options.userId,
    organisationId: options.organisationId,
    level: options.level ?? 'Admin',
    active: options.active ?? true,
    invitationAccepted: options.invitationAccepted ?? true,
  });
}

export async function linkCustomer(
  db: Db,
  options: { merchantId: string; customerOrganisationId: string; isPaymentsEnabled?: boolean },
) {
  await db.insert(customerAccounts).values(options);
}

/** Signs in through the API, as a browser would; returns the bearer header and refresh cookie. */
export async function signInAs(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'tp_refresh');
  return {
    token: response.json().access_token as string,
    headers: { authorization: `Bearer ${response.json().access_token}` },
    refreshCookie: cookie?.value,
  };
}

/** An open invitation, as an Admin's invite would leave it (without the email). */
export async function inviteToOrganisation(
  db: Db,
  options: { organisationId: string; email: string; level?: UserLevel },
) {
  await db.insert(invitations).values({
    organisationId: options.organisationId,
    email: options.email,
    level: options.level ?? 'User',
    tokenHash: `test-${randomUUID()}`,
    expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60_000),
  });
}
