import { randomUUID } from 'node:crypto';
import { TRIAL_LENGTH_DAYS } from '@tradeport/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import { customerAccounts, memberships, organisations } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { resolveImageUrl } from '../uploads/uploads.service.ts';
import { detailsToColumns, toOrganisation } from './organisations.mapping.ts';

const DAY_MS = 24 * 60 * 60_000;

type DetailsInput = Parameters<typeof detailsToColumns>[0];

const slugTaken = () =>
  new AppError('CONFLICT', 'That web address is already taken; choose another.', [
    { path: 'body.slug', message: 'That web address is already taken; choose another.' },
  ]);

/**
 * Every merchant has exactly one house customer: its own customer organisation, used to view and
 * order through the portal as a customer would.
 */
export async function createHouseAccount(tx: Db, merchant: { id: string; title: string; slug: string }) {
  const [house] = await tx
    .insert(organisations)
    .values({
      kind: 'CUSTOMER',
      title: `${merchant.title} (house account)`,
      slug: `${merchant.slug}-house-${randomUUID().slice(0, 8)}`,
    })
    .returning({ id: organisations.id });
  await tx.insert(customerAccounts).values({
    merchantId: merchant.id,
    customerOrganisationId: house!.id,
    isHouseAccount: true,
    isPaymentsEnabled: false,
  });
}

export function createOrganisationsService(deps: Pick<AppDeps, 'database' | 'now' | 'storage'>) {
  const { db } = deps.database;

  return {
    /** A new merchant with the caller as Admin, a 14-day trial and its house customer. */
    async createMerchant(options: { userId: string; slug: string; details: DetailsInput }) {
      const now = deps.now();
      try {
        return await db.transaction(async (tx) => {
          const [merchant] = await tx
            .insert(organisations)
            .values({
              kind: 'MERCHANT',
              slug: options.slug,
              ...detailsToColumns(options.details),
              trialEnd: new Date(now.getTime() + TRIAL_LENGTH_DAYS * DAY_MS),
            })
            .returning();
          await tx.insert(memberships).values({
            userId: options.userId,
            organisationId: merchant!.id,
            level: 'Admin',
            invitationAccepted: true,
          });
          await createHouseAccount(tx, merchant!);
          return toOrganisation(merchant!);
        });
      } catch (error) {
        if (uniqueViolation(error)?.includes('slug')) throw slugTaken();
        throw error;
      }
    },

    async get(organisationId: string) {
      const [row] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
      if (!row) throw notFound('Organisation');
      return toOrganisation(row);
    },

    /** Optimistic concurrency: the edit names the version it read; someone else's newer edit wins. */
    async update(options: {
      userId: string;
      organisationId: string;
      slug: string;
      image: string | null;
      version: number;
      details: DetailsInput;
    }) {
      const [current] = await db
        .select()
        .from(organisations)
        .where(eq(organisations.id, options.organisationId));
      if (!current) throw notFound('Organisation');
      const image = await resolveImageUrl({
        db,
        storage: deps.storage,
        userId: options.userId,
        url: options.image,
        currentUrl: current.image,
        field: 'body.image',
        now: deps.now(),
      });
      try {
        const [row] = await db
          .update(organisations)
          .set({
            ...detailsToColumns(options.details),
            slug: options.slug,
            image,
            version: sql`${organisations.version} + 1`,
            updatedAt: deps.now(),
          })
          .where(
            and(eq(organisations.id, options.organisationId), eq(organisations.version, options.version)),
          )
          .returning();
        if (!row) {
          throw new AppError(
            'CONFLICT',
            'Someone else changed these details since you opened them. Reload to see their changes.',
          );
        }
        return toOrganisation(row);
      } catch (error) {
        if (uniqueViolation(error)?.includes('slug')) throw slugTaken();
        throw error;
      }
    },
  };
}
