import { type BulkStatusResult, canMoveOrder, type OrderStatus, orderMoveRefusal } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { queueAccountingSync } from '../accounting/accounting-sync.queue.ts';
import { lockOrdersById, moveOrders } from './order-bulk-status.queries.ts';
import { statusTimestamps } from './order-update.service.ts';
import { findUserName } from './order-writes.queries.ts';

// bulk-update/status/{status}: every order that may move does, in one transaction; each one that
// may not is answered with why, and stays as it was.

export function createOrderBulkStatusService(deps: Pick<AppDeps, 'database' | 'now' | 'jobs'>) {
  const { db } = deps.database;

  return {
    async move(options: {
      merchantId: string;
      userId: string;
      to: OrderStatus;
      orderIds: readonly string[];
    }): Promise<BulkStatusResult> {
      const ids = [...new Set(options.orderIds)];
      return db.transaction(async (tx) => {
        const found = new Map(
          (await lockOrdersById(tx, { merchantId: options.merchantId, ids })).map((o) => [o.id, o]),
        );
        const result: BulkStatusResult = { moved: [], refused: [] };
        const moves: { id: string; from: OrderStatus }[] = [];
        for (const id of ids) {
          const order = found.get(id);
          if (!order) {
            // Another merchant's order reads exactly as one that does not exist.
            result.refused.push({ id, number: null, reason: 'Order not found' });
          } else if (!canMoveOrder(order.status, options.to)) {
            result.refused.push({
              id,
              number: order.number,
              reason: orderMoveRefusal(order.status, options.to),
            });
          } else {
            moves.push({ id, from: order.status });
            result.moved.push({ id, number: order.number, status: options.to });
          }
        }
        const now = deps.now();
        await moveOrders(tx, {
          merchantId: options.merchantId,
          moves,
          to: options.to,
          stamps: statusTimestamps(options.to, now),
          user: { id: options.userId, name: await findUserName(tx, options.userId) },
          now,
        });
        await queueAccountingSync(tx, {
          jobs: deps.jobs,
          merchantId: options.merchantId,
          kind: 'INVOICE',
          sourceIds: moves.map((move) => move.id),
        });
        return result;
      });
    },
  };
}
