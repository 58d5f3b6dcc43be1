import type { GroupInput } from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { AnyGroupKind, GroupKind, ProductEntry } from './group-kind.ts';
import {
  deleteGroupProduct,
  findGroupProduct,
  findMerchantCustomer,
  listGroupCustomerPage,
  listGroupProductPage,
  lockMerchantCustomers,
  lockMerchantProducts,
} from './group-members.queries.ts';
import {
  deleteGroup,
  findGroup,
  insertGroup,
  listGroupPage,
  lockGroup,
  updateGroup,
} from './groups.queries.ts';

type PageOptions = { limit: number; cursor?: string; search?: string };
type InMerchant = { merchantId: string };
type InGroup = InMerchant & { groupId: string };

/** Names are unique per merchant ignoring case; the unique index decides, this says so. */
function nameTaken(label: string, name: string) {
  const message = `A ${label.toLowerCase()} named “${name}” already exists.`;
  return new AppError('CONFLICT', message, [{ path: 'body.name', message }]);
}

const toColumns = (input: z.output<typeof GroupInput>) => ({
  name: input.name,
  description: input.description,
});

/**
 * Everything a tier and a visibility group do alike. Callers have checked the caller may act for
 * the merchant; every query here is scoped to it, and each batch is one transaction that either
 * finds every id the merchant's or changes nothing.
 */
export function createGroupService<ItemsInput, ItemInput, Item, Entry extends ProductEntry>(
  deps: Pick<AppDeps, 'database' | 'now'>,
  typedKind: GroupKind<ItemsInput, ItemInput, Item, Entry>,
) {
  const { db } = deps.database;
  const kind = typedKind as unknown as AnyGroupKind;
  const groupNotFound = () => notFound(kind.label);

  async function mustFind(options: InGroup) {
    const group = await findGroup(db, { kind, ...options });
    if (!group) throw groupNotFound();
    return group;
  }

  async function mustFindProduct(options: InGroup & { productId: string }) {
    const item = await findGroupProduct(db, { kind, ...options });
    if (!item) throw notFound(`Product in this ${kind.label.toLowerCase()}`);
    return item as Item;
  }

  async function naming<R>(name: string, write: () => Promise<R>) {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw nameTaken(kind.label, name);
      throw error;
    }
  }

  /** Runs `write` in one transaction once the group is known to be the merchant's. */
  function inGroup<R>(options: InGroup, write: (tx: Db) => Promise<R>) {
    return db.transaction(async (tx) => {
      if (!(await lockGroup(tx, { kind, ...options }))) throw groupNotFound();
      return write(tx);
    });
  }

  async function putProducts(options: InGroup & { entries: Entry[] }) {
    const productIds = [...new Set(options.entries.map((entry) => entry.productId))];
    return inGroup(options, async (tx) => {
      const found = await lockMerchantProducts(tx, { merchantId: options.merchantId, productIds });
      if (found !== productIds.length) throw notFound('Product');
      return typedKind.products.write(tx, {
        merchantId: options.merchantId,
        groupId: options.groupId,
        entries: options.entries,
        now: deps.now(),
      });
    });
  }

  async function putCustomers(options: InGroup & { accountIds: string[] }) {
    const accountIds = [...new Set(options.accountIds)];
    return inGroup(options, async (tx) => {
      const found = await lockMerchantCustomers(tx, { merchantId: options.merchantId, accountIds });
      if (found !== accountIds.length) throw notFound('Customer');
      return kind.customers.add(tx, { ...options, accountIds, now: deps.now() });
    });
  }

  return {
    list: (options: InMerchant & PageOptions) => listGroupPage(db, { kind, ...options }),

    get: mustFind,

    async create(options: InMerchant & { input: z.output<typeof GroupInput> }) {
      const groupId = await naming(options.input.name, () =>
        insertGroup(db, { kind, merchantId: options.merchantId, columns: toColumns(options.input) }),
      );
      return mustFind({ merchantId: options.merchantId, groupId });
    },

    /** Guarded by the version the editor read: someone else's newer edit wins with a 409. */
    async update(options: InGroup & { input: z.output<typeof GroupInput>; version: number }) {
      const isUpdated = await naming(options.input.name, () =>
        updateGroup(db, { kind, ...options, columns: toColumns(options.input), now: deps.now() }),
      );
      if (!isUpdated) {
        await mustFind(options);
        throw conflict(
          `Someone else changed this ${kind.label.toLowerCase()} since you opened it. Reload to see their changes.`,
        );
      }
      return mustFind(options);
    },

    async remove(options: InGroup) {
      if (!(await deleteGroup(db, { kind, ...options }))) throw groupNotFound();
      return { deleted: true as const };
    },

    async listItems(options: InGroup & PageOptions) {
      await mustFind(options);
      return listGroupProductPage(db, { kind, ...options }) as Promise<{
        items: Item[];
        next_cursor: string | null;
      }>;
    },

    async setItems(options: InGroup & { input: ItemsInput }) {
      const changed = await putProducts({ ...options, entries: typedKind.products.entriesOf(options.input) });
      return { changed };
    },

    async setItem(options: InGroup & { input: ItemInput }) {
      const entry = typedKind.products.entryOf(options.input);
      await putProducts({ ...options, entries: [entry] });
      return mustFindProduct({ ...options, productId: entry.productId });
    },

    async getProduct(options: InGroup & { productId: string }) {
      await mustFind(options);
      return mustFindProduct(options);
    },

    async removeProduct(options: InGroup & { productId: string }) {
      const isRemoved = await inGroup(options, (tx) => deleteGroupProduct(tx, { kind, ...options }));
      if (!isRemoved) throw notFound(`Product in this ${kind.label.toLowerCase()}`);
      return { deleted: true as const };
    },

    async listCustomers(options: InGroup & PageOptions) {
      await mustFind(options);
      return listGroupCustomerPage(db, { kind, ...options });
    },

    addCustomers: async (options: InGroup & { accountIds: string[] }) => ({
      changed: await putCustomers(options),
    }),

    async addCustomer(options: InGroup & { accountId: string }) {
      await putCustomers({ ...options, accountIds: [options.accountId] });
      const customer = await findMerchantCustomer(db, options);
      if (!customer) throw notFound('Customer');
      return customer;
    },

    async removeCustomer(options: InGroup & { accountId: string }) {
      const isRemoved = await inGroup(options, (tx) =>
        kind.customers.remove(tx, {
          groupId: options.groupId,
          accountId: options.accountId,
          now: deps.now(),
        }),
      );
      if (!isRemoved) throw notFound(`Customer in this ${kind.label.toLowerCase()}`);
      return { deleted: true as const };
    },
  };
}
