// `npm run bench`: every benchmark suite, its figures, and the budgets they are held to.
// Exit code 1 when a budget is missed.
import { printBudgets } from './budget.ts';
import { benchCatalogue } from './catalogue.ts';
import { benchFoundation } from './foundation.ts';
import { benchOrders } from './orders.ts';
import { benchPayments } from './payments.ts';

const budgets = [
  ...(await benchFoundation()),
  ...(await benchCatalogue()),
  ...(await benchOrders()),
  ...(await benchPayments()),
];
const ok = printBudgets(budgets);
process.exit(ok ? 0 : 1);
