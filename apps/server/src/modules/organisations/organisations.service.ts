import { TRIAL_LENGTH_DAYS } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { resolveImageUrl } from '../uploads/uploads.service.ts';
import { bankAccountToColumns, detailsToColumns, toOrganisation } from './organisations.mapping.ts';
import {
  createHouseAccount,
  findOrganisation,
  insertMerchant,
  type OrganisationRow,
  updateOrganisationDetails,
} from './organisations.queries.ts';

const DAY_MS = 24 * 60 * 60_000;

type DetailsInput = Parameters<typeof detailsToColumns>[0];

const slugTaken = () =>
  new AppError('CONFLICT', 'That web address is already taken; choose another.', [
    { path: 'body.slug', message: 'That web address is already taken; choose another.' },
  ]);

// Kept importable from here: the seeds make merchants the same way.
export { createHouseAccount };

export function createOrganisationsService(deps: Pick<AppDeps, 'database' | 'now' | 'storage'>) {
  const { db } = deps.database;

  return {
    /** A new merchant with the caller as Admin, a 14-day trial and its house customer. */
    async createMerchant(options: { userId: string; slug: string; details: DetailsInput }) {
      const now = deps.now();
      try {
        const merchant = await db.transaction((tx) =>
          insertMerchant(tx, {
            slug: options.slug,
            details: detailsToColumns(options.details),
            trialEnd: new Date(now.getTime() + TRIAL_LENGTH_DAYS * DAY_MS),
            adminUserId: options.userId,
          }),
        );
        return toOrganisation(merchant);
      } catch (error) {
        if (uniqueViolation(error)?.includes('slug')) throw slugTaken();
        throw error;
      }
    },

    /** The organisation as the API shows it, from the row its access rule already read. */
    present(row: OrganisationRow) {
      return toOrganisation(row);
    },

    /** Optimistic concurrency: the edit names the version it read; someone else's newer edit wins. */
    async update(options: {
      userId: string;
      organisationId: string;
      /** Left out: unchanged. Only a merchant's sign-in address can change. */
      slug: string | undefined;
      image: string | null;
      /** Left out: unchanged. */
      timeZone: string | undefined;
      /** Left out: unchanged. Only a merchant rounds GST. */
      gstRounding: OrganisationRow['gstRounding'] | undefined;
      /** Each left out: unchanged (all three or none, as the contract checked). Only a merchant has one. */
      bankAccount: Parameters<typeof bankAccountToColumns>[0];
      version: number;
      details: DetailsInput;
    }) {
      const current = await findOrganisation(db, options.organisationId);
      if (!current) throw notFound('Organisation');
      if (current.kind !== 'MERCHANT' && options.slug !== undefined && options.slug !== current.slug) {
        throw new AppError('VALIDATION_ERROR', 'A customer organisation has no sign-in address to change.', [
          {
            path: 'body.slug',
            message: 'Only merchants have a sign-in address; a customer organisation leaves it out.',
          },
        ]);
      }
      if (
        current.kind !== 'MERCHANT' &&
        options.gstRounding !== undefined &&
        options.gstRounding !== current.gstRounding
      ) {
        throw new AppError('VALIDATION_ERROR', 'A customer organisation does not round GST.', [
          {
            path: 'body.gst_rounding',
            message: 'Only merchants choose how GST is rounded; a customer organisation leaves it out.',
          },
        ]);
      }
      const bankAccount = bankAccountToColumns(options.bankAccount);
      if (current.kind !== 'MERCHANT' && bankAccount && bankAccount.bankAccountName !== null) {
        // Invoices are the merchant's: a customer organisation has no bank account to print.
        throw new AppError('VALIDATION_ERROR', 'A customer organisation has no bank account for invoices.', [
          {
            path: 'body.bank_account_name',
            message:
              'Only merchants print a bank account on invoices; a customer organisation leaves it out.',
          },
        ]);
      }
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
        const row = await updateOrganisationDetails(db, {
          organisationId: options.organisationId,
          version: options.version,
          details: detailsToColumns(options.details),
          bankAccount,
          slug: options.slug ?? current.slug,
          image,
          timeZone: options.timeZone ?? current.timeZone,
          gstRounding: options.gstRounding ?? current.gstRounding,
          now: deps.now(),
        });
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
