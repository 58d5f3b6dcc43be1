import type { FieldIssue } from '@tradeport/contract';

const ALLOCATION_PATH = /^(?:body\.)?allocations\.(\d+)\.(?:amount_cents|order_id)$/;

/**
 * The server names a refused allocation by its place in the request (`body.allocations.1.amount_cents`);
 * the form shows it on that order's row. Answers the messages per order id (the first for each),
 * and the issues about anything else, for the form's usual placement.
 */
export function splitAllocationIssues(
  issues: readonly FieldIssue[],
  sent: readonly { order_id: string }[],
): { byOrder: Record<string, string>; rest: FieldIssue[] } {
  const byOrder: Record<string, string> = {};
  const rest: FieldIssue[] = [];
  for (const issue of issues) {
    const match = ALLOCATION_PATH.exec(issue.path);
    const orderId = match ? sent[Number(match[1])]?.order_id : undefined;
    if (orderId) byOrder[orderId] ??= issue.message;
    else rest.push(issue);
  }
  return { byOrder, rest };
}
