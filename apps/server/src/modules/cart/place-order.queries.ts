import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { preparedForAny } from '../../platform/db/prepared-once.ts';
import {
  carts,
  customerAccounts,
  orderCounters,
  orderEvents,
  orderLines,
  orders,
  users,
} from '../../platform/db/schema/index.ts';
import type { CommitWith } from '../../platform/db/committing-transaction.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import { syncedProvidersOf } from '../accounting/accounting-sync.queries.ts';
import type { CartOwner } from './cart-owner.ts';
import { type CartContext, selectWithCartContext } from './cart-context.queries.ts';
import { cartEmptying } from './cart.queries.ts';

// The writes of placing an order, each in the placing transaction.

/** The order an Idempotency-Key already placed for this customer account, if any. */
export async function findOrderIdByKey(db: Db, options: { customerAccountId: string; key: string }) {
  const statement = preparedForAny(db, 'place_order_id_by_key', (db, name) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.customerAccountId, sql.placeholder('customerAccountId')),
          eq(orders.idempotencyKey, sql.placeholder('key')),
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute(options);
  return row?.id;
}

/**
 * The owner's cart, locked (FOR UPDATE, the cart row alone) to the transaction's end, with its
 * context (cart-context.queries.ts), the order `key` placed for the account as this statement
 * began and the merchant's accounting connections the order is sent to, in one round trip. A
 * submit with the same key that held the lock and committed while this one waited for it is not
 * seen here (the statement's snapshot is older than the lock): it emptied the cart, so the
 * caller, refused an empty cart, asks findOrderIdByKey again; and should
 * anything have refilled the cart meanwhile, inserting the order meets the key's unique index
 * (insertNumberedOrder). Undefined when the cart was never made.
 */
export async function lockCartForPlacing(db: Db, options: { owner: CartOwner; key: string }) {
  const statement = preparedForAny(db, 'place_order_cart_locked', (db, name) =>
    selectWithCartContext(db, {
      cart: carts,
      existingOrderId: sql<string | null>`(
        select ${orders.id} from ${orders}
        where ${orders.customerAccountId} = ${sql.placeholder('customerAccountId')}
          and ${orders.idempotencyKey} = ${sql.placeholder('key')})`,
      accountingProviders: syncedProvidersOf(sql`${sql.placeholder('merchantId')}`),
    })
      .innerJoin(
        carts,
        and(
          eq(carts.customerAccountId, customerAccounts.id),
          eq(carts.merchantId, customerAccounts.merchantId),
        ),
      )
      .where(
        and(
          eq(carts.merchantId, sql.placeholder('merchantId')),
          eq(carts.customerAccountId, sql.placeholder('customerAccountId')),
          eq(carts.isMerchantEntry, sql.placeholder('isMerchantEntry')),
        ),
      )
      .for('update', { of: carts })
      .prepare(name),
  );
  const { merchantId, customerAccountId, isMerchantEntry } = options.owner;
  const [row] = await statement.execute({ merchantId, customerAccountId, isMerchantEntry, key: options.key });
  if (!row) return undefined;
  const { cart, existingOrderId, accountingProviders, merchant, account, customer } = row;
  return {
    cart,
    existingOrderId,
    accountingProviders,
    context: { merchant, account, customer } satisfies CartContext,
  };
}

/** An order as placing wrote it: its row, its lines and its PLACED event. */
export type WrittenOrder = {
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect)[];
  event: typeof orderEvents.$inferSelect;
};

/** The columns placing writes of an order; the rest (number aside) are the table's defaults. */
const NEW_ORDER_COLUMNS = [
  'id',
  'merchantId',
  'customerAccountId',
  'idempotencyKey',
  'placedByUserId',
  'isPlacedByMerchant',
  'customerName',
  'customerAbn',
  'deliveryAddress',
  'shippingMethodId',
  'shippingMethodName',
  'shippingMethodKind',
  'deliveryDate',
  'notes',
  'purchaseOrderNumber',
  'paymentTermsDays',
  'dueDate',
  'gstRounding',
  'isTaxExempt',
  'subtotalCents',
  'deliveryFeeCents',
  'gstCents',
  'totalCents',
  'placedAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];

export type NewOrder = Required<Pick<typeof orders.$inferInsert, (typeof NEW_ORDER_COLUMNS)[number]>> & {
  idempotencyKey: string;
};

/**
 * Numbers the order with the merchant's next order and invoice numbers and inserts it. One
 * statement: the first order makes the counter row, later ones update it, and its row lock
 * queues concurrent placings of the merchant behind each other until they commit, so numbers run
 * without gaps. Placing runs it as its transaction's last, through `run`, which sends it with the
 * COMMIT (committing-transaction.ts): the lock is held for this statement and the commit, no
 * more. Prepared once, its values as placeholders.
 *
 * Undefined when the order's Idempotency-Key was used for this account by a transaction that
 * committed meanwhile (which the insert waits for): the caller answers with that order. The key's
 * unique index refuses the insert, and with it the transaction, numbers included; ON CONFLICT DO
 * NOTHING would instead let the COMMIT sent with it commit the order's lines without their order.
 */
export async function insertNumberedOrder(
  db: Db,
  order: NewOrder,
  run: CommitWith = (statement, values) => statement.execute(values),
): Promise<typeof orders.$inferSelect | undefined> {
  const statement = preparedForAny(db, 'place_order_numbered', (db, name) => {
    const numbers = db.$with('numbers').as(
      db
        .insert(orderCounters)
        .values({
          merchantId: sql.placeholder('merchantId'),
          lastOrderNumber: 1,
          lastInvoiceNumber: 1,
        })
        .onConflictDoUpdate({
          target: orderCounters.merchantId,
          set: {
            lastOrderNumber: sql`${orderCounters.lastOrderNumber} + 1`,
            lastInvoiceNumber: sql`${orderCounters.lastInvoiceNumber} + 1`,
          },
        })
        .returning({ number: orderCounters.lastOrderNumber, invoiceNumber: orderCounters.lastInvoiceNumber }),
    );
    return db
      .with(numbers)
      .insert(orders)
      .values({
        ...(Object.fromEntries(
          NEW_ORDER_COLUMNS.map((column) => [column, sql.placeholder(column)]),
        ) as unknown as NewOrder),
        number: sql`(select ${numbers.number} from ${numbers})`,
        invoiceNumber: sql`(select ${numbers.invoiceNumber} from ${numbers})`,
      })
      .returning()
      .prepare(name);
  });
  try {
    const [row] = await run(statement, order);
    return row;
  } catch (error) {
    if (uniqueViolation(error) === ORDER_KEY_INDEX) return undefined;
    throw error;
  }
}

/** The unique index of an account's Idempotency-Keys (migrations). */
const ORDER_KEY_INDEX = 'orders_customer_idempotency_key';

/** Every column of order_lines, in the table's order: what an INSERT … SELECT writes. */
const lineColumns = Object.entries(getTableColumns(orderLines));

/**
 * The order's lines and its first event, and the emptying of the cart it was placed from, in one
 * statement (the lines and the emptying as data-modifying WITH queries), with the name its user
 * goes by now read in it too: placing writes these inside its transaction, where every round trip
 * counts. Prepared once: the lines arrive as one JSON array of rows, each an array of the
 * columns' values in the table's order, so the statement is the same for any number of lines
 * (building a 10-line insert's 160 parameters was a tenth of the server's CPU in placing; an
 * array parameter per column, written out value by value by node-postgres, was still a tenth of
 * the API's CPU in placing, where JSON.stringify is native). The event as written.
 */
export async function insertOrderLinesAndEvent(
  db: Db,
  options: {
    lines: (typeof orderLines.$inferSelect)[];
    event: Omit<typeof orderEvents.$inferInsert, 'userName'> & { id: string; userId: string };
    emptiedCart: { cartId: string; now: Date };
  },
) {
  const statement = preparedForAny(db, 'place_order_lines_event', (db, name) => {
    const values = sql.join(
      lineColumns.map(([, column], index) => sql.raw(`(line ->> ${index})::${column.getSQLType()}`)),
      sql`, `,
    );
    const lines = db.$with('inserted_lines').as(
      db
        .insert(orderLines)
        .select(
          sql`select ${values} from json_array_elements(${sql.placeholder('lines')}::json) as lines(line)`,
        )
        .returning({ id: orderLines.id }),
    );
    const emptying = cartEmptying(db, { cartId: sql.placeholder('cartId'), now: sql.placeholder('now') });
    return db
      .with(lines, ...emptying)
      .insert(orderEvents)
      .values({
        id: sql.placeholder('eventId'),
        merchantId: sql.placeholder('merchantId'),
        orderId: sql.placeholder('orderId'),
        kind: sql.placeholder('kind'),
        userId: sql.placeholder('userId'),
        userName: sql`(select ${users.name} from ${users} where ${users.id} = ${sql.placeholder('userId')})`,
        details: sql.placeholder('details'),
        at: sql.placeholder('at'),
      })
      .returning()
      .prepare(name);
  });
  const { event, lines, emptiedCart } = options;
  const [written] = await statement.execute({
    // Instants as ISO 8601 (JSON.stringify's), which timestamptz reads as written.
    lines: JSON.stringify(lines.map((line) => lineColumns.map(([key]) => line[key as keyof typeof line]))),
    eventId: event.id,
    merchantId: event.merchantId,
    orderId: event.orderId,
    kind: event.kind,
    userId: event.userId,
    details: event.details,
    at: event.at,
    cartId: emptiedCart.cartId,
    now: emptiedCart.now,
  });
  return written!;
}
