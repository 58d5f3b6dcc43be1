// `npm run bench:orders`: the orders suite alone (see orders.ts), with its budgets.
import { printBudgets } from './budget.ts';
import { benchOrders } from './orders.ts';

const ok = printBudgets(await benchOrders());
process.exit(ok ? 0 : 1);
