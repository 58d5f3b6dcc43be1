import type { ShippingMethodInput as ShippingMethodInputSchema } from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import {
  findMerchantCustomer,
  listMerchantCustomerPage,
  lockMerchantCustomers,
} from '../product-groups/group-members.queries.ts';
import { listMethodsOfferedTo } from './shipping-offers.queries.ts';
import {
  assignCustomers,
  deleteMethod,
  findMethod,
  insertMethod,
  isAssignedTo,
  listMethodPage,
  lockMethod,
  type MethodColumns,
  merchantTimeZone,
  unassignCustomer,
  updateMethod,
} from './shipping-methods.queries.ts';

type MethodInput = z.output<typeof ShippingMethodInputSchema>;
type PageOptions = { limit: number; cursor?: string; search?: string };
type InMerchant = { merchantId: string };
type InMethod = InMerchant & { methodId: string };

const methodNotFound = () => notFound('Delivery method');

/** Names are unique per merchant ignoring case; the unique index decides, this says so. */
function nameTaken(name: string) {
  const message = `A delivery method named “${name}” already exists.`;
  return new AppError('CONFLICT', message, [{ path: 'body.name', message }]);
}

const toColumns = (input: MethodInput): MethodColumns => ({
  name: input.name,
  kind: input.kind,
  feeCents: input.fee_cents,
  feeBands: input.fee_bands,
  freeAboveCents: input.free_above_cents,
  minimumOrderCents: input.minimum_order_cents,
  weekdays: input.weekdays,
  leadDays: input.lead_days,
  cutOffMinutes: input.cut_off_minutes,
  isAvailableToAll: input.is_available_to_all,
  isActive: input.is_active,
});

/**
 * A merchant's delivery methods and who they are offered to. Callers have checked the caller
 * may act for the merchant; every query here is scoped to it, and each assignment batch is one
 * transaction that either finds every customer the merchant's or changes nothing.
 */
export function createShippingService(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;

  async function mustFind(options: InMethod) {
    const method = await findMethod(db, options);
    if (!method) throw methodNotFound();
    return method;
  }

  async function naming<R>(name: string, write: () => Promise<R>) {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw nameTaken(name);
      throw error;
    }
  }

  /** Runs `write` in one transaction once the method is known to be the merchant's. */
  function inMethod<R>(options: InMethod, write: (tx: Db) => Promise<R>) {
    return db.transaction(async (tx) => {
      if (!(await lockMethod(tx, options))) throw methodNotFound();
      return write(tx);
    });
  }

  async function assign(options: InMethod & { accountIds: string[] }) {
    const accountIds = [...new Set(options.accountIds)];
    return inMethod(options, async (tx) => {
      const found = await lockMerchantCustomers(tx, { merchantId: options.merchantId, accountIds });
      if (found !== accountIds.length) throw notFound('Customer');
      return assignCustomers(tx, { ...options, accountIds });
    });
  }

  return {
    async list(options: InMerchant & PageOptions) {
      const [page, timeZone] = await Promise.all([
        listMethodPage(db, options),
        merchantTimeZone(db, options),
      ]);
      // The access rule has found the merchant, so its zone is there.
      return { ...page, time_zone: timeZone ?? 'Australia/Sydney' };
    },

    get: mustFind,

    async create(options: InMerchant & { input: MethodInput }) {
      const methodId = await naming(options.input.name, () =>
        insertMethod(db, { merchantId: options.merchantId, columns: toColumns(options.input) }),
      );
      return mustFind({ merchantId: options.merchantId, methodId });
    },

    /** Guarded by the version the editor read: someone else's newer edit wins with a 409. */
    async update(options: InMethod & { input: MethodInput; version: number }) {
      const isUpdated = await naming(options.input.name, () =>
        updateMethod(db, { ...options, columns: toColumns(options.input), now: deps.now() }),
      );
      if (!isUpdated) {
        await mustFind(options);
        throw conflict(
          'Someone else changed this delivery method since you opened it. Reload to see their changes.',
        );
      }
      return mustFind(options);
    },

    async remove(options: InMethod) {
      if (!(await deleteMethod(db, options))) throw methodNotFound();
      return { deleted: true as const };
    },

    async listCustomers(options: InMethod & PageOptions) {
      await mustFind(options);
      return listMerchantCustomerPage(db, { ...options, isMember: isAssignedTo(options.methodId) });
    },

    addCustomers: async (options: InMethod & { accountIds: string[] }) => ({
      changed: await assign(options),
    }),

    async addCustomer(options: InMethod & { accountId: string }) {
      await assign({ ...options, accountIds: [options.accountId] });
      const customer = await findMerchantCustomer(db, options);
      if (!customer) throw notFound('Customer');
      return customer;
    },

    async removeCustomer(options: InMethod & { accountId: string }) {
      const isRemoved = await inMethod(options, (tx) => unassignCustomer(tx, options));
      if (!isRemoved) throw notFound('Customer assigned to this delivery method');
      return { deleted: true as const };
    },

    /** What the merchant's customer screen shows: the methods this customer may choose. */
    async offeredTo(options: InMerchant & { accountId: string }) {
      if (!(await findMerchantCustomer(db, options))) throw notFound('Customer');
      const items = await listMethodsOfferedTo(db, {
        merchantId: options.merchantId,
        customerAccountId: options.accountId,
      });
      return { items };
    },
  };
}
